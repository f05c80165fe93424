// `npm run server`: runs the test server standalone until Ctrl+C and prints every fixture credential (it is a
// test server; printing them is the point). Flags: --port N, --host H, --seed big, --sub-path /git,
// --flavor forgejo, --demo (port 3000 unless --port is given, and a short how-to).
import { startTestServer, type StartTestServerOptions } from './index';
import { FIXTURES } from './fixtures';
import { totp } from './totp';

interface Flags {
  port?: number;
  host?: string;
  seed?: 'default' | 'big';
  subPath?: string;
  flavor?: 'gitea' | 'forgejo';
  demo: boolean;
}

function parseFlags(argv: string[]): Flags {
  const flags: Flags = { demo: false };
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split('=', 2);
    const value = () => inline ?? argv[++i];
    switch (name) {
      case '--port':
        flags.port = Number(value());
        break;
      case '--host':
        flags.host = value();
        break;
      case '--seed': {
        const v = value();
        if (v !== 'big' && v !== 'default') throw new Error(`--seed must be "default" or "big", not "${v}"`);
        flags.seed = v;
        break;
      }
      case '--sub-path':
        flags.subPath = value();
        break;
      case '--flavor': {
        const v = value();
        if (v !== 'gitea' && v !== 'forgejo') throw new Error(`--flavor must be "gitea" or "forgejo", not "${v}"`);
        flags.flavor = v;
        break;
      }
      case '--demo':
        flags.demo = true;
        break;
      case '--help':
        process.stdout.write('usage: npm run server -- [--port N] [--host H] [--seed big] [--sub-path /git] [--flavor forgejo] [--demo]\n');
        process.exit(0);
        break;
      default:
        throw new Error(`unknown flag ${argv[i]}`);
    }
  }
  return flags;
}

async function main(): Promise<void> {
  const flags = parseFlags(process.argv.slice(2));
  const options: StartTestServerOptions = {
    port: flags.port ?? (flags.demo ? 3000 : 0),
    host: flags.host,
    seed: flags.seed,
    subPath: flags.subPath,
    flavor: flags.flavor,
    maxRecordedRequests: 1000,
    log: (line) => process.stdout.write(`${line}\n`),
  };
  const server = await startTestServer(options);
  const out: string[] = [
    `Gitea test server (${server.flavor} ${server.version}) at ${server.url}`,
    `API: ${server.apiUrl}`,
    `Clone: git clone ${server.url}alice/demo.git`,
    '',
    'Accounts (password / tokens):',
  ];
  for (const u of Object.values(FIXTURES.users)) {
    const tokens = Object.entries(u.tokens).map(([k, v]) => `${k}=${v}`).join('  ');
    out.push(`  ${u.login.padEnd(6)} ${u.password.padEnd(18)} ${tokens}${u.isAdmin ? '  (site admin)' : ''}`);
    if ('totpSecret' in u) out.push(`         two-factor: TOTP secret ${u.totpSecret} (current code ${totp(u.totpSecret)}; send it as X-Gitea-OTP)`);
  }
  out.push('', `Repositories: ${Object.values(FIXTURES.repos).filter((r) => flags.seed === 'big' || r.name !== 'big').map((r) => r.fullName).join(', ')}`);
  if (flags.demo) {
    out.push('', 'Demo: sign in to this URL from the extension with alice and her `all` token (or password).');
  }
  out.push('', 'Press Ctrl+C to stop.');
  process.stdout.write(`${out.join('\n')}\n`);

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: Error) => {
  process.stderr.write(`${err.message}\n`);
  process.exit(1);
});
