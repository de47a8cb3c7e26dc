// The sandbox page (`{root}/sandbox/webhooks`): the integrator pastes an access token, and the page lists the
// company's webhook deliveries from GET /api/sandbox/webhooks/deliveries (bodies, signatures, attempts) with a
// button replaying each, and its recent API requests from GET /api/sandbox/requests. Everything shown is set as
// text, never as HTML.
import { randomBytes } from 'node:crypto';
import { rootRoute, type RootRouteDef } from '../platform/root-routes.ts';

const STYLE = `
body{font-family:system-ui,sans-serif;margin:2rem;color:#1d2330}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #ccc;padding:.3rem;vertical-align:top;text-align:left}
pre{white-space:pre-wrap;word-break:break-all;margin:0;max-width:40rem}
.error{color:#8a1c12}
`;

const SCRIPT = `(function () {
  var tokenInput = document.getElementById('token');
  tokenInput.value = sessionStorage.getItem('tase-sandbox-token') || '';
  function cell(row, text, pre) {
    var td = document.createElement('td');
    var node = document.createElement(pre ? 'pre' : 'span');
    node.textContent = text === undefined ? '' : String(text);
    td.appendChild(node); row.appendChild(td); return td;
  }
  function call(method, path) {
    return fetch('/api' + path, { method: method, headers: { authorization: 'Bearer ' + tokenInput.value } })
      .then(function (r) { return r.json().then(function (b) { if (!r.ok) throw new Error(b.errors ? b.errors[0].message : r.status); return b; }); });
  }
  function show(message) { document.getElementById('status').textContent = message; }
  function load() {
    sessionStorage.setItem('tase-sandbox-token', tokenInput.value);
    call('GET', '/sandbox/webhooks/deliveries').then(function (answer) {
      var body = document.getElementById('deliveries');
      body.replaceChildren();
      answer.results.forEach(function (d) {
        var row = document.createElement('tr');
        row.dataset.deliveryId = d.deliveryId;
        cell(row, d.createdAt); cell(row, d.eventType); cell(row, d.url); cell(row, d.status);
        cell(row, d.attemptLog.map(function (a) { return a.at + ' ' + (a.status || a.error || '') + ' (' + a.durationMs + ' ms)'; }).join('\\n'), true);
        cell(row, d.body, true);
        cell(row, d.signature ? d.signatureHeader + ': ' + d.signature : '', true);
        var action = document.createElement('td');
        var button = document.createElement('button');
        button.textContent = 'Replay';
        button.addEventListener('click', function () {
          call('POST', '/sandbox/webhooks/deliveries/' + d.deliveryId + '/replay').then(function (r) { show(r.message); setTimeout(load, 500); }, function (e) { show(e.message); });
        });
        action.appendChild(button); row.appendChild(action);
        body.appendChild(row);
      });
      show(answer.results.length + ' deliveries');
    }, function (e) { show(e.message); });
    call('GET', '/sandbox/requests?size=100').then(function (answer) {
      var body = document.getElementById('requests');
      body.replaceChildren();
      answer.results.forEach(function (r) {
        var row = document.createElement('tr');
        cell(row, r.at); cell(row, r.method + ' ' + r.path + (r.query ? '?' + r.query : '')); cell(row, r.status);
        cell(row, r.durationMs + ' ms'); cell(row, r.clientId); cell(row, r.requestBody, true); cell(row, r.answerBody, true);
        body.appendChild(row);
      });
    }, function (e) { show(e.message); });
  }
  document.getElementById('load').addEventListener('click', load);
  if (tokenInput.value) load();
})();`;

export function inspectorRoutes(): RootRouteDef[] {
  return [
    rootRoute({
      method: 'GET',
      path: '/sandbox/webhooks',
      summary: 'The sandbox page: webhook deliveries and recent requests',
      handler(_request, reply) {
        const nonce = randomBytes(16).toString('base64');
        return reply.headers({
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'content-security-policy': `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'`,
          'x-content-type-options': 'nosniff',
        }).send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>Webhook deliveries · Tase sandbox</title><style nonce="${nonce}">${STYLE}</style></head>
<body>
<h1>Webhook deliveries</h1>
<p><label>Access token <input id="token" type="password" size="60" autocomplete="off"></label>
<button id="load" type="button">Show deliveries</button> <span id="status" role="status"></span></p>
<table><thead><tr><th>Event time</th><th>Event</th><th>URL</th><th>Status</th><th>Attempts</th><th>Body</th><th>Signature</th><th></th></tr></thead>
<tbody id="deliveries"></tbody></table>
<h2>Requests</h2>
<table><thead><tr><th>Time</th><th>Request</th><th>Status</th><th>Duration</th><th>Client</th><th>Sent</th><th>Answered</th></tr></thead>
<tbody id="requests"></tbody></table>
<script nonce="${nonce}">${SCRIPT}</script>
</body></html>`);
      },
    }),
  ];
}
