// Runs under the real mirror node's Node 22, with the REST module's folder as cwd (started by
// test/harness/realMirror.ts): the module's unmodified server.js, which listens on
// hiero.mirror.rest.port (HIERO_MIRROR_REST_PORT) on every interface; here it is kept on loopback.
// LL_CONFIG_OVERRIDE (JSON) is a spec's setup.config, merged into the live config once server.js
// has loaded, as the spec tests do, so what is read at load time keeps its defaults.
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const REST = process.env.LL_REST_DIR;
if (!REST) throw new Error('LL_REST_DIR is not set');
const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function (...args) {
  if (args[1] === '0.0.0.0') args[1] = '127.0.0.1';
  return listen.apply(this, args);
};
await import(path.join(REST, 'server.js'));
const override = process.env.LL_CONFIG_OVERRIDE;
if (override && override !== '{}') {
  const lodash = createRequire(path.join(REST, 'package.json')).resolve('lodash');
  const { default: _ } = await import(pathToFileURL(lodash).href);
  const { JSONParse } = await import(path.join(REST, 'utils.js'));
  const { default: config } = await import(path.join(REST, 'config.js'));
  _.merge(config, JSONParse(override));
  console.log(`config override applied: ${override}`);
}
