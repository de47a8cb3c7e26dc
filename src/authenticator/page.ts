// The authenticator web page: a static shell, its stylesheet and its script. The script talks to the
// authenticator's HTTP endpoints (/authenticator/api/…); everything shown is set as text, never as HTML. Passkey
// ceremonies go through @simplewebauthn/browser, served from this site as a file of its own (the page's CSP
// allows scripts from 'self' only, nothing inline).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let webauthnBundle: string | undefined;

/** The browser library's standalone build (it defines `SimpleWebAuthnBrowser`), read once from the package. */
export function webauthnScript(): string {
  webauthnBundle ??= readFileSync(
    join(
      dirname(fileURLToPath(import.meta.resolve('@simplewebauthn/browser'))),
      '..',
      'dist',
      'bundle',
      'index.umd.min.js',
    ),
    'utf8',
  );
  return webauthnBundle;
}

export const PAGE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tase Authenticator</title>
<link rel="stylesheet" href="/authenticator/app.css">
<script src="/authenticator/webauthn.js" defer></script>
<script src="/authenticator/app.js" defer></script>
</head>
<body>
<main>
  <h1>Tase Authenticator</h1>
  <p class="lead">Confirm or reject the actions applications started in your name.</p>
  <p id="notice" role="status" hidden></p>
  <section id="login" hidden>
    <h2>Log in</h2>
    <form id="login-form">
      <label>Username <input id="username" name="username" autocomplete="username" required maxlength="100"></label>
      <label>Password <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200"></label>
      <button type="submit" id="login-button">Log in</button>
    </form>
  </section>
  <section id="second-factor" hidden>
    <h2>Confirm it is you</h2>
    <form id="code-form">
      <label>Code from your authenticator app, or a recovery code <input id="code" name="code" inputmode="text" autocomplete="one-time-code" required maxlength="40"></label>
      <button type="submit" id="code-button">Confirm</button>
    </form>
    <p>Or <button type="button" id="passkey-button">Use a passkey</button></p>
  </section>
  <section id="enrol" hidden>
    <h2>Set up your authenticator app</h2>
    <p>Scan the QR code with an authenticator app (or type in the key), then enter the six-digit code it shows. From then on, the app confirms your logins here.</p>
    <img id="qr" alt="QR code of the authenticator app key" width="232" height="232">
    <p>Key: <code id="secret"></code></p>
    <form id="enrol-form">
      <label>Six-digit code <input id="enrol-code" name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="6"></label>
      <button type="submit" id="enrol-button">Confirm the app</button>
    </form>
    <p>Or, instead of an app: <button type="button" id="passkey-enrol-button">Set up a passkey</button> (this device's screen lock or a security key).</p>
  </section>
  <section id="recovery" hidden>
    <h2>Your recovery codes</h2>
    <p>Each code confirms one login if you lose your app. Keep them somewhere safe: they are shown only now.</p>
    <ul id="recovery-codes"></ul>
    <button type="button" id="recovery-done">I have saved them</button>
  </section>
  <section id="pending" hidden>
    <div class="bar"><span id="who"></span> <button type="button" id="logout" class="link">Log out</button></div>
    <h2>Waiting for your decision</h2>
    <p id="empty" hidden>Nothing is waiting for your decision.</p>
    <ul id="transactions"></ul>
    <h2>Your passkeys</h2>
    <ul id="passkeys"></ul>
    <button type="button" id="passkey-add">Add a passkey</button>
  </section>
  <noscript>This page needs JavaScript.</noscript>
</main>
</body>
</html>
`;

export const PAGE_CSS = `body{font:16px/1.45 system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
h2{font-size:1.15rem}
.lead{color:#555;margin-top:0}
form label{display:block;margin:.6rem 0}
input{display:block;width:100%;box-sizing:border-box;padding:.5rem;font:inherit;border:1px solid #bbb;border-radius:4px}
button{font:inherit;padding:.5rem 1rem;border-radius:4px;border:1px solid #2456b3;background:#2456b3;color:#fff;cursor:pointer}
button.reject{background:#fff;color:#a3261c;border-color:#a3261c}
button.link{background:none;border:none;color:#2456b3;padding:0;text-decoration:underline}
button:disabled{opacity:.5;cursor:default}
#notice{padding:.6rem .8rem;border-radius:4px;background:#e7f0ff}
#notice.error{background:#fde8e6}
.bar{display:flex;justify-content:space-between;color:#555}
ul#transactions{list-style:none;padding:0}
li.transaction{background:#fff;border:1px solid #ddd;border-radius:6px;padding:1rem;margin:0 0 1rem}
li.transaction .summary{font-weight:600;margin:0 0 .4rem}
li.transaction .meta{color:#555;font-size:.9rem;margin:.2rem 0}
li.transaction ul.details{margin:.4rem 0 .8rem;padding-left:1.2rem}
li.transaction .actions{display:flex;gap:.6rem}
#qr{display:block;background:#fff;border:1px solid #ddd}
ul#recovery-codes{font-family:ui-monospace,monospace;columns:2}
ul#passkeys{padding-left:1.2rem}
ul#passkeys button{margin-left:.6rem}
`;

export const PAGE_JS = `'use strict';
(() => {
  const base = '/authenticator/api';
  let csrf = null;
  let refreshTimer = null;
  const $ = (id) => document.getElementById(id);

  function notice(text, isError) {
    const el = $('notice');
    el.textContent = text;
    el.className = isError ? 'error' : '';
    el.hidden = !text;
  }

  async function call(method, path, body) {
    const headers = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (csrf) headers['x-csrf-token'] = csrf;
    const res = await fetch(base + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
    const data = res.status === 204 ? null : await res.json().catch(() => null);
    return { status: res.status, data };
  }

  function errorText(answer) {
    const first = answer.data && answer.data.errors && answer.data.errors[0];
    return first ? first.message : 'The request failed (' + answer.status + ').';
  }

  function show(section) {
    for (const id of ['login', 'second-factor', 'enrol', 'recovery', 'pending']) $(id).hidden = id !== section;
  }

  function showLogin() {
    csrf = null;
    clearInterval(refreshTimer);
    clearInterval(countdownTimer);
    show('login');
    $('username').focus();
  }

  // After the password: the second factor, or the enrolment of an app when the user has none yet.
  async function afterPassword(session) {
    csrf = session.csrfToken;
    if (session.secondFactor === 'CONFIRMED') return showPending(session);
    if (session.secondFactor === 'REQUIRED') {
      show('second-factor');
      $('code').focus();
      return;
    }
    const answer = await call('POST', '/enrolment/totp');
    if (answer.status !== 200) return notice(errorText(answer), true);
    $('secret').textContent = answer.data.secret;
    $('qr').src = answer.data.qr + '?' + Date.now();
    show('enrol');
    $('enrol-code').focus();
  }

  function el(tag, className, text) {
    const node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The service's clock minus the browser's, from the last list: the time left is counted by the service clock
  // (which the sandbox moves), never by the browser's.
  let clockOffset = 0;
  let countdownTimer;

  function timeLeft(expiresAt) {
    const seconds = Math.max(0, Math.floor((Date.parse(expiresAt + 'Z') - (Date.now() + clockOffset)) / 1000));
    if (seconds === 0) return 'expired';
    return 'expires in ' + Math.floor(seconds / 60) + ':' + String(seconds % 60).padStart(2, '0');
  }

  function tick() {
    for (const node of document.querySelectorAll('.countdown')) node.textContent = timeLeft(node.dataset.expiresAt);
  }

  function render(list) {
    const ul = $('transactions');
    ul.replaceChildren();
    $('empty').hidden = list.length > 0;
    for (const t of list) {
      const li = el('li', 'transaction');
      li.dataset.id = t.transactionIdentifier;
      li.append(el('p', 'summary', t.summary));
      const details = el('ul', 'details');
      for (const line of t.details) details.append(el('li', '', line));
      li.append(details);
      li.append(el('p', 'meta', 'Company: ' + t.companyName + ' · Application: ' + (t.clientName || t.clientId) + ' · ' + t.origin));
      li.append(el('p', 'meta', 'Requested ' + t.createdAt.replace('T', ' ').slice(0, 19) + ' UTC · expires ' + t.expiresAt.replace('T', ' ').slice(0, 19) + ' UTC'));
      const countdown = el('p', 'meta countdown', timeLeft(t.expiresAt));
      countdown.dataset.expiresAt = t.expiresAt;
      li.append(countdown);
      const actions = el('div', 'actions');
      const approve = el('button', 'approve', 'Approve');
      approve.type = 'button';
      const reject = el('button', 'reject', 'Reject');
      reject.type = 'button';
      approve.addEventListener('click', () => decide(t, 'approve', [approve, reject]));
      reject.addEventListener('click', () => decide(t, 'reject', [approve, reject]));
      actions.append(approve, reject);
      li.append(actions);
      ul.append(li);
    }
  }

  async function refresh() {
    const answer = await call('GET', '/transactions');
    if (answer.status === 401) return start();
    if (answer.status !== 200) return notice(errorText(answer), true);
    clockOffset = Date.parse(answer.data.now + 'Z') - Date.now();
    render(answer.data.transactions);
  }

  async function decide(t, decision, buttons) {
    for (const b of buttons) b.disabled = true;
    const answer = await call('POST', '/transactions/' + encodeURIComponent(t.transactionIdentifier) + '/' + decision);
    if (answer.status === 401) return start();
    if (answer.status !== 200) notice(errorText(answer), true);
    else if (answer.data.state === 'REJECTED') notice('Rejected: ' + t.summary + '.', false);
    else if (answer.data.failed) notice('Approved, but the action failed: ' + errorText({ status: 400, data: { errors: answer.data.errors } }), true);
    else notice('Approved: ' + t.summary + '.', false);
    await refresh();
  }

  async function showPending(session) {
    csrf = session.csrfToken;
    $('who').textContent = session.user.firstName + ' ' + session.user.lastName + ' (' + session.user.username + ')';
    show('pending');
    await refresh();
    await loadPasskeys();
    clearInterval(refreshTimer);
    refreshTimer = setInterval(refresh, 5000);
    clearInterval(countdownTimer);
    countdownTimer = setInterval(tick, 1000);
  }

  $('login-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    $('login-button').disabled = true;
    const answer = await call('POST', '/login', { username: $('username').value, password: $('password').value });
    $('login-button').disabled = false;
    $('password').value = '';
    if (answer.status !== 200) return notice(errorText(answer), true);
    notice('', false);
    await afterPassword(answer.data);
  });

  $('code-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    $('code-button').disabled = true;
    const answer = await call('POST', '/second-factor', { code: $('code').value });
    $('code-button').disabled = false;
    $('code').value = '';
    if (answer.status !== 200) {
      notice(errorText(answer), true);
      if (answer.status === 401 && (await call('GET', '/session')).status === 401) showLogin();
      return;
    }
    notice('', false);
    await showPending(answer.data);
  });

  function showRecovery(session) {
    const list = $('recovery-codes');
    list.replaceChildren();
    for (const code of session.recoveryCodes) list.append(el('li', '', code));
    show('recovery');
    $('recovery-done').onclick = () => {
      list.replaceChildren();
      notice('', false);
      showPending(session);
    };
  }

  $('enrol-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    $('enrol-button').disabled = true;
    const answer = await call('POST', '/enrolment/totp/confirm', { code: $('enrol-code').value });
    $('enrol-button').disabled = false;
    $('enrol-code').value = '';
    if (answer.status !== 200) return notice(errorText(answer), true);
    notice('Your authenticator app is set up.', false);
    showRecovery(answer.data);
  });

  // Passkeys: the browser makes or uses the credential (navigator.credentials through SimpleWebAuthnBrowser);
  // the service checks the answer against the challenge it handed this session.
  async function enrolPasskey(button) {
    button.disabled = true;
    try {
      const options = await call('POST', '/passkeys/registration/options');
      if (options.status !== 200) return notice(errorText(options), true);
      let response;
      try {
        response = await SimpleWebAuthnBrowser.startRegistration({ optionsJSON: options.data });
      } catch (error) {
        return notice('No passkey was made: ' + error.message, true);
      }
      const answer = await call('POST', '/passkeys/registration', { response });
      if (answer.status !== 200) return notice(errorText(answer), true);
      notice('Your passkey is set up.', false);
      if (answer.data.recoveryCodes) showRecovery(answer.data);
      else await showPending(answer.data);
    } finally {
      button.disabled = false;
    }
  }

  $('passkey-enrol-button').addEventListener('click', () => enrolPasskey($('passkey-enrol-button')));
  $('passkey-add').addEventListener('click', () => enrolPasskey($('passkey-add')));

  $('passkey-button').addEventListener('click', async () => {
    $('passkey-button').disabled = true;
    try {
      const options = await call('POST', '/passkeys/authentication/options');
      if (options.status !== 200) return notice(errorText(options), true);
      let response;
      try {
        response = await SimpleWebAuthnBrowser.startAuthentication({ optionsJSON: options.data });
      } catch (error) {
        return notice('The passkey was not used: ' + error.message, true);
      }
      const answer = await call('POST', '/passkeys/authentication', { response });
      if (answer.status !== 200) return notice(errorText(answer), true);
      notice('', false);
      await showPending(answer.data);
    } finally {
      $('passkey-button').disabled = false;
    }
  });

  async function loadPasskeys() {
    const answer = await call('GET', '/passkeys');
    if (answer.status !== 200) return;
    const ul = $('passkeys');
    ul.replaceChildren();
    for (const p of answer.data.passkeys) {
      const li = el('li', 'passkey', p.name + ' · added ' + p.createdAt.slice(0, 10));
      li.dataset.id = p.id;
      const remove = el('button', 'link remove-passkey', 'Remove');
      remove.type = 'button';
      remove.addEventListener('click', async () => {
        const removed = await call('DELETE', '/passkeys/' + encodeURIComponent(p.id));
        if (removed.status !== 204) notice(errorText(removed), true);
        else notice('Removed the passkey ' + p.name + '.', false);
        await loadPasskeys();
      });
      li.append(remove);
      ul.append(li);
    }
  }

  $('logout').addEventListener('click', async () => {
    await call('POST', '/logout');
    notice('You have logged out.', false);
    showLogin();
  });

  async function start() {
    const answer = await call('GET', '/session');
    if (answer.status === 200) await afterPassword(answer.data);
    else showLogin();
  }

  start();
})();
`;
