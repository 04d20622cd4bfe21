import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../helpers/db.js';
import { type Browser, createBrowser, formFields, pathOf } from '../../helpers/web.js';
import { type DashboardFixture, dashboardFixture } from './dashboard-setup.js';

const ATTACKER_PASSWORD = 'attacker chose this one';

describeEachDatabase('a password chosen before the address is proven never survives', ({ db }) => {
  let f: DashboardFixture;
  beforeAll(async () => {
    f = await dashboardFixture(db());
  });
  afterAll(() => f?.close());

  /** The attacker's sign-up for the victim's address, with a password field posted anyway. */
  async function preRegister(email: string): Promise<void> {
    const attacker = createBrowser(f.app, '198.51.100.66');
    const shown = await attacker.get('/signup');
    const res = await attacker.post('/signup', {
      ...formFields(shown.body, '/signup'),
      email,
      password: ATTACKER_PASSWORD,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** The mailbox's owner opens `path` (a mailed link) and presses its button. */
  async function followLink(path: string, fields: Record<string, string> = {}) {
    const owner = createBrowser(f.app, '203.0.113.9');
    const res = await owner.submit(path, new URL(path, 'http://x').pathname, fields);
    expect(res.statusCode, res.body).toBe(303);
    return owner;
  }

  /** The victim follows the newest link mailed to them. */
  const followMail = async (email: string, skip: number, fields: Record<string, string> = {}) =>
    followLink(pathOf((await f.smtp.mailTo(email, skip)).link), fields);

  const attackerSignIn = (email: string) =>
    createBrowser(f.app, '198.51.100.66').submit('/signin', '/signin', {
      email,
      password: ATTACKER_PASSWORD,
    });

  it('a new address: the victim confirms from the genuine mail, the attacker is refused', async () => {
    await preRegister('vic@example.com');
    await followMail('vic@example.com', 0);
    const attempt = await attackerSignIn('vic@example.com');
    expect(attempt.statusCode, attempt.body).toBe(401);
  });

  it('an operator-made Pro account (owner unverified): the attacker is refused too', async () => {
    const created = await f.app.deps.services.accounts.createAccount(
      'Pro',
      undefined,
      'pat@example.com',
    );
    expect(created.id).toBeGreaterThan(0);
    await preRegister('pat@example.com');
    await followMail('pat@example.com', 0);
    const attempt = await attackerSignIn('pat@example.com');
    expect(attempt.statusCode, attempt.body).toBe(401);
  });

  it('the verifier may choose a password on the confirmation page; only that one works', async () => {
    await preRegister('val@example.com');
    const own = 'the verifier typed this';
    await followMail('val@example.com', 0, { password: own });
    expect((await attackerSignIn('val@example.com')).statusCode).toBe(401);
    const signedIn = await createBrowser(f.app).submit('/signin', '/signin', {
      email: 'val@example.com',
      password: own,
    });
    expect(signedIn.statusCode, signedIn.body).toBe(303);
  });

  it('a change of owner by invitation ends the previous owner’s sessions', async () => {
    const previous: Browser = await f.signUp('old@example.com');
    const accountId = await f.accountIdOf('old@example.com');
    const shown = await previous.get('/dashboard');
    expect(shown.statusCode).toBe(200);
    const invitation = await f.app.deps.services.webAccounts.invite(accountId, 'new@example.com');
    await followLink(invitation.path, { password: 'the new owner typed it' });

    const stale = await previous.post('/dashboard/key', formFields(shown.body, '/dashboard/key'));
    expect(stale.statusCode).not.toBe(200);
    expect(stale.body).not.toContain('svc_live_');
    expect(await f.app.deps.services.keys.listKeys(accountId)).toHaveLength(0);
    const sessions = await db().prisma.webSession.findMany({ where: { accountId } });
    expect(sessions).toHaveLength(1);
  });

  it('the previous owner’s password dies with the hand-over', async () => {
    const password = 'the previous owner knew it';
    const { id: accountId } = await f.app.deps.services.accounts.createAccount('Plus');
    const first = await f.app.deps.services.webAccounts.invite(accountId, 'was@example.com');
    await followLink(first.path, { password });
    const invitation = await f.app.deps.services.webAccounts.invite(accountId, 'now@example.com');
    await followLink(invitation.path);
    const attempt = await createBrowser(f.app).submit('/signin', '/signin', {
      email: 'now@example.com',
      password,
    });
    expect(attempt.statusCode, attempt.body).toBe(401);
  });

  it('an address proven for the first time ends every other session of the account', async () => {
    const created = await f.app.deps.services.accounts.createAccount(
      'Plus',
      undefined,
      'ops@example.com',
    );
    // A session started before the proof (as an operator's tool could make one).
    await db().prisma.$transaction((tx) =>
      f.app.deps.services.webSessions.start(tx, created.id, { address: null, userAgent: null }),
    );
    await createBrowser(f.app).submit('/signin', '/signin', {
      method: 'link',
      email: 'ops@example.com',
    });
    await followMail('ops@example.com', 0);
    const sessions = await db().prisma.webSession.findMany({ where: { accountId: created.id } });
    expect(sessions).toHaveLength(1);
  });
});
