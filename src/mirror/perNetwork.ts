// One service per network for the session (a network's tokens and rates are not another's), made
// on first use from that network's source, usually its mirror client.
export class PerNetwork<Source, Service> {
  private readonly byNetwork = new Map<string, Service>();

  constructor(
    private readonly make: (source: Source) => Service,
    private readonly release: (service: Service) => void = () => undefined,
  ) {}

  /** The network's service; `source` is used only when it is first made. */
  for(network: string, source: Source): Service {
    let service = this.byNetwork.get(network);
    if (!service) {
      service = this.make(source);
      this.byNetwork.set(network, service);
    }
    return service;
  }

  /** Forgets every network's service (releasing each). */
  clear(): void {
    for (const service of this.byNetwork.values()) this.release(service);
    this.byNetwork.clear();
  }
}
