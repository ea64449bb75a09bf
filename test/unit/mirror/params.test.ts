import * as assert from 'assert';
import { MirrorInputError } from '../../../src/mirror/errors';
import {
  accountPath,
  accountQuery,
  blockPath,
  blocksQuery,
  contractPath,
  contractResultsQuery,
  encodeQuery,
  entityPath,
  transactionPath,
  transactionQuery,
  type Query,
} from '../../../src/mirror/params';

function refused(fn: () => unknown): MirrorInputError {
  try {
    fn();
  } catch (e) {
    assert.ok(e instanceof MirrorInputError, `expected MirrorInputError, got ${String(e)}`);
    return e;
  }
  assert.fail('expected a refusal');
}

// Casts let the table feed values a caller from untyped input (a URI, a setting) could pass.
type Loose = Record<string, unknown>;
const q = (query: Query) => encodeQuery(query);

describe('mirror/params', () => {
  describe('path parameters', () => {
    const accountOk = [
      '8',
      '0.8',
      '0.0.8',
      '0x0000000000000000000000000000000000000008',
      'ac384c53f03855fa1b3616052f8ba32c6c2a2fec',
      '0.0.ac384c53f03855fa1b3616052f8ba32c6c2a2fec',
      'KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ',
      '0.0.KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72HMQ',
    ];
    for (const id of accountOk) it(`account ${id} is sent as is`, () => assert.strictEqual(accountPath(id), id));
    for (const id of [
      '0.5.6.7',
      'KGNABD5L3ZGSRVUCSPDR7TONZSRY3D5OMEBKQMVTD2AC6JL72000',
      '',
      '0.0.8-abcde',
      '12345678901',
      '0x123',
    ]) {
      it(`account ${JSON.stringify(id)} is refused as idOrAliasOrEvmAddress`, () => {
        const e = refused(() => accountPath(id));
        assert.strictEqual(e.parameter, 'idOrAliasOrEvmAddress');
        assert.match(e.message, /account id/);
      });
    }

    const txCases: Array<[string, string]> = [
      ['0.0.10-1234567890-000000001', '0.0.10-1234567890-000000001'],
      ['0.0.10@1234567890.000000001', '0.0.10-1234567890-000000001'],
      ['0.0.10@1234567890.1', '0.0.10-1234567890-000000001'],
      ['0.0.10-1234567890-5', '0.0.10-1234567890-000000005'],
      [' 0.0.10@1234567890.000000001 ', '0.0.10-1234567890-000000001'],
      [
        '0xab4af784ae69ca3e1d17fef8491f7f89a0e8a3b80ad3748b841110f0345ada53456bc14bbe9ee6f441829c2849933ac4',
        '0xab4af784ae69ca3e1d17fef8491f7f89a0e8a3b80ad3748b841110f0345ada53456bc14bbe9ee6f441829c2849933ac4',
      ],
      [
        'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6t',
        'rovr8cn6DzCTVuSAV_YEevfN5jA30FCdFt3Dsg4IUVi_3xTRU0XBsYsZm3L-1N6t',
      ],
      // Standard base64 (as transaction_hash is written in bodies) becomes the URL-safe form.
      [
        'vigzKe2J7fv4ktHBbNTSzQmKq7Lzdq1/lJMmHT+a2KgvdhAuadlvS4eKeqKjIRmW',
        'vigzKe2J7fv4ktHBbNTSzQmKq7Lzdq1_lJMmHT-a2KgvdhAuadlvS4eKeqKjIRmW',
      ],
    ];
    for (const [input, sent] of txCases)
      it(`transaction ${input.trim()} → ${sent}`, () => assert.strictEqual(transactionPath(input), sent));
    for (const id of [
      '0.1.10-1234567891.000000000',
      'izUDXqZ8gOhKlL5vbFInnw2VObTXzNWEH2QOg7XOUQwl9Mp2SVil8lufZIU6xJEEk===',
      '0xab4af784ae69ca3e1d17fef8491f7f89a0e8a3b80ad3748b841110f0345ada53456bc14bbe9ee6f441829c2849',
      '0.0.10-1234567890-0000000001',
      '0.0.10',
      // seconds above int64: the server's 19-digit rule lets them through
      '0.0.10-9223372036854775808-1',
      '0.0.10@9999999999999999999.1',
    ]) {
      it(`transaction ${id.slice(0, 40)} is refused as transactionId`, () => {
        const e = refused(() => transactionPath(id));
        assert.strictEqual(e.parameter, 'transactionId');
        assert.match(e.message, /shard\.realm\.num-sss-nnn/);
      });
    }

    it('block by number, bigint or 64/96-hex hash', () => {
      assert.strictEqual(blockPath('0'), '0');
      assert.strictEqual(blockPath('9900000000000001'), '9900000000000001');
      assert.strictEqual(blockPath(9223372036854775807n), '9223372036854775807');
      const h64 = 'ff90773193892540084e62086df3953d2362061b16cf682fde5bb00830b232b2';
      assert.strictEqual(blockPath('0x' + h64), '0x' + h64);
      assert.strictEqual(blockPath(h64.toUpperCase()), h64.toUpperCase());
    });
    for (const v of [
      'b0162e8a244dc05fbd6f3',
      '0xff90773193892540084e62086df3953d2362061',
      'invalidnumber',
      '1test',
      '9223372036854775808',
      '-1',
    ]) {
      it(`block ${v} is refused as hashOrNumber`, () =>
        assert.strictEqual(refused(() => blockPath(v)).parameter, 'hashOrNumber'));
    }
    it('a negative bigint block is refused', () =>
      assert.strictEqual(refused(() => blockPath(-1n)).parameter, 'hashOrNumber'));

    it('contract, token, topic and schedule ids', () => {
      assert.strictEqual(contractPath('0.0.1001'), '0.0.1001');
      assert.strictEqual(
        contractPath('0x00000000000000000000000000000000000003e9'),
        '0x00000000000000000000000000000000000003e9',
      );
      assert.strictEqual(refused(() => contractPath('0.0.x')).parameter, 'contractIdOrAddress');
      assert.strictEqual(entityPath('0.0.1135', 'tokenId'), '0.0.1135');
      assert.strictEqual(refused(() => entityPath('0.0.1135-abcde', 'tokenId')).parameter, 'tokenId');
      assert.strictEqual(refused(() => entityPath('abc', 'topicId')).parameter, 'topicId');
      assert.strictEqual(refused(() => entityPath('0x1', 'scheduleId')).parameter, 'scheduleId');
    });
  });

  describe('account query', () => {
    it('sends every parameter under the server name, repeats as repeats', () => {
      assert.strictEqual(
        q(
          accountQuery({
            limit: 1,
            order: 'asc',
            timestamp: ['gt:1669939200', 'lt:1673136000.000000001'],
            transactiontype: 'tokenupdate',
            transactions: false,
          }),
        ),
        '?limit=1&order=asc&timestamp=gt:1669939200&timestamp=lt:1673136000.000000001&transactiontype=tokenupdate&transactions=false',
      );
      assert.strictEqual(q(accountQuery({ timestamp: '1234567890' })), '?timestamp=1234567890');
      assert.strictEqual(q(accountQuery({ limit: undefined })), '');
    });
    const bad: Array<[Loose, string]> = [
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 2.5 }, 'limit'],
      [{ limit: '10' }, 'limit'],
      [{ order: 'up' }, 'order'],
      [{ timestamp: 'gt:12345678901' }, 'timestamp'],
      [{ timestamp: '1.1234567890' }, 'timestamp'],
      [{ timestamp: ['gt:1', 'between:2'] }, 'timestamp'],
      [{ timestamp: 'gte: 1' }, 'timestamp'],
      [{ transactiontype: 'invalid' }, 'transactiontype'],
      [{ transactions: 'false' }, 'transactions'],
      [{ 'token.id': '0.0.45678' }, 'token.id'],
    ];
    for (const [params, parameter] of bad) {
      it(`refuses ${JSON.stringify(params)} naming ${parameter}`, () => {
        const e = refused(() => accountQuery(params));
        assert.strictEqual(e.parameter, parameter);
        assert.ok(e.message.includes(parameter));
      });
    }
    it('names an unknown parameter the way the server does', () => {
      assert.match(
        refused(() => accountQuery({ 'token.id': 'x' } as never)).message,
        /^Unknown query parameter: token\.id/,
      );
    });
  });

  describe('transaction query', () => {
    it('sends nonce and scheduled', () => {
      assert.strictEqual(q(transactionQuery({ nonce: 0, scheduled: true })), '?nonce=0&scheduled=true');
      assert.strictEqual(q(transactionQuery({ nonce: 2147483647 })), '?nonce=2147483647');
    });
    it('a repeated nonce or scheduled: the last value wins, as the server does', () => {
      assert.strictEqual(q(transactionQuery({ nonce: [2, 1] })), '?nonce=1');
      assert.strictEqual(q(transactionQuery({ scheduled: [true, true, false] })), '?scheduled=false');
      assert.strictEqual(q(transactionQuery({ scheduled: [false, true], nonce: [0] })), '?scheduled=true&nonce=0');
    });
    it('a repeat with one bad value is refused, naming the parameter once per bad value', () => {
      const e = refused(() => transactionQuery({ nonce: [-1, 1, 2147483648] }));
      assert.deepStrictEqual(
        e.issues.map(i => i.parameter),
        ['nonce', 'nonce'],
      );
      assert.strictEqual(refused(() => transactionQuery({ scheduled: [true, 'x'] as never })).parameter, 'scheduled');
    });
    for (const [params, parameter] of [
      [{ nonce: -1 }, 'nonce'],
      [{ nonce: 2147483648 }, 'nonce'],
      [{ nonce: 'x' }, 'nonce'],
      [{ scheduled: 'ne:true' }, 'scheduled'],
      [{ scheduled: 1 }, 'scheduled'],
    ] as Array<[Loose, string]>) {
      it(`refuses ${JSON.stringify(params)}`, () =>
        assert.strictEqual(refused(() => transactionQuery(params as never)).parameter, parameter));
    }
    for (const params of [{ nonce: [] }, { scheduled: [] }] as Loose[]) {
      it(`an empty repeat ${JSON.stringify(params)} sends nothing`, () =>
        assert.strictEqual(q(transactionQuery(params as never)), ''));
    }
  });

  describe('blocks query', () => {
    it('accepts eq/gt/gte/lt/lte block numbers (string or bigint), repeats', () => {
      assert.strictEqual(
        q(
          blocksQuery({
            'block.number': ['gte:100', 'lte:102', 17n],
            limit: 3,
            order: 'desc',
            timestamp: 'lt:1676540001.234700000',
          }),
        ),
        '?block.number=gte:100&block.number=lte:102&block.number=17&limit=3&order=desc&timestamp=lt:1676540001.234700000',
      );
    });
    it('reports every bad parameter in order, unknown names last, like the server', () => {
      const e = refused(() =>
        blocksQuery({
          'block.number': 'gt:invalidnumber',
          timestamp: 'invalidtimestamp',
          order: 'any',
          limit: 'invalidlimit',
          index: '2',
        } as never),
      );
      assert.deepStrictEqual(
        e.issues.map(i => i.parameter),
        ['block.number', 'timestamp', 'order', 'limit', 'index'],
      );
    });
    for (const v of ['ne:5', '0xa', '12345678901234567890', 'eq:']) {
      it(`refuses block.number ${v}`, () =>
        assert.strictEqual(refused(() => blocksQuery({ 'block.number': v })).parameter, 'block.number'));
    }
  });

  describe('contract results query', () => {
    it('sends coin as hbar and keeps the order given', () => {
      assert.strictEqual(
        q(
          contractResultsQuery({
            timestamp: '1676540001.234390005',
            internal: false,
            'transaction.index': 1,
            'block.hash':
              'fbd921184e229e2051280d827ba3b31599117af7eafba65dc0e5a998b70c48c0492bf793a150769b1b4fb2c9b7cb4c1c',
            from: 'ebb9a1be370150759408cd7af48e9eda2b8ead57',
            limit: 1,
            order: 'asc',
            coin: false,
          }),
        ),
        '?timestamp=1676540001.234390005&internal=false&transaction.index=1&block.hash=fbd921184e229e2051280d827ba3b31599117af7eafba65dc0e5a998b70c48c0492bf793a150769b1b4fb2c9b7cb4c1c&from=ebb9a1be370150759408cd7af48e9eda2b8ead57&limit=1&order=asc&hbar=false',
      );
    });
    it('accepts the forms the server accepted in the recordings', () => {
      assert.strictEqual(q(contractResultsQuery({ 'block.number': ['11', '10'] })), '?block.number=11&block.number=10');
      assert.strictEqual(q(contractResultsQuery({ 'block.number': 'eq:0xa' })), '?block.number=eq:0xa');
      assert.strictEqual(q(contractResultsQuery({ 'block.number': 10n })), '?block.number=10');
      assert.strictEqual(
        q(
          contractResultsQuery({
            from: ['5999', '0x0000000000000000000000000000000000002329', '000000000000000000000000000000000000176F'],
          }),
        ),
        '?from=5999&from=0x0000000000000000000000000000000000002329&from=000000000000000000000000000000000000176F',
      );
      assert.strictEqual(
        q(contractResultsQuery({ 'transaction.index': 'eq:2', 'block.number': '17' })),
        '?transaction.index=eq:2&block.number=17',
      );
      assert.strictEqual(
        q(
          contractResultsQuery({
            'block.hash': [
              '56caf9913fd511ede553715d3700ed955a22853487ec71cb15e7b2cc1c355d29',
              'eq:0x1eaf1abbd64bbcac7f473f0272671c66d3d1d64f584112b11cd4d2063e736305',
            ],
          }),
        ),
        '?block.hash=56caf9913fd511ede553715d3700ed955a22853487ec71cb15e7b2cc1c355d29&block.hash=eq:0x1eaf1abbd64bbcac7f473f0272671c66d3d1d64f584112b11cd4d2063e736305',
      );
    });
    const hash = '0x1eaf1abbd64bbcac7f473f0272671c66d3d1d64f584112b11cd4d2063e736305';
    const bad: Array<[Loose, string, RegExp?]> = [
      [{ 'block.hash': hash, 'block.number': '17' }, 'block.hash', /cannot combine block\.number and block\.hash/],
      [{ 'transaction.index': 2 }, 'transaction.index', /requires block\.number or block\.hash/],
      [
        { 'block.hash': 'gte:' + hash, 'block.number': 'gte:10', 'transaction.index': 'gte:1', index: '3' },
        'block.hash',
      ],
      [{ 'block.hash': hash.slice(0, 40) }, 'block.hash'],
      [{ 'block.number': 'lt:10' }, 'block.number'],
      [{ 'block.number': '0xzz' }, 'block.number'],
      [{ 'transaction.index': -1, 'block.number': '1' }, 'transaction.index'],
      [{ 'transaction.index': 'ne:1', 'block.number': '1' }, 'transaction.index'],
      [{ from: '0.0.1.2' }, 'from'],
      [{ coin: 'true' }, 'coin'],
      [{ internal: 1 }, 'internal'],
      [{ hbar: true }, 'hbar', /^Unknown query parameter: hbar/],
    ];
    for (const [params, parameter, message] of bad) {
      it(`refuses ${JSON.stringify(params).slice(0, 80)} naming ${parameter}`, () => {
        const e = refused(() => contractResultsQuery(params));
        assert.strictEqual(e.parameter, parameter);
        if (message) assert.match(e.message, message);
      });
    }
    it('lists the same parameters as the server for a query wrong in several ways', () => {
      const e = refused(() =>
        contractResultsQuery({
          'block.hash': 'lt:' + hash,
          'block.number': 'lt:10',
          'transaction.index': 'lt:1',
          index: '3',
        } as never),
      );
      assert.deepStrictEqual(
        e.issues.map(i => i.parameter),
        ['block.hash', 'block.number', 'transaction.index', 'index'],
      );
    });
  });
});
