// The dashboard's first page: sign in, then the organization's balance and the service status.
const $ = (id) => document.getElementById(id);

function csrfToken() {
  const match = document.cookie.match(/(?:^|;\s*)ujm_csrf=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : '';
}

async function api(method, path, body) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') headers['x-csrf-token'] = csrfToken();
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json();
  if (!json.success) throw Object.assign(new Error(json.error.message), { status: res.status, code: json.error.code });
  return json.data;
}

const tzs = (cents) =>
  new Intl.NumberFormat('en-TZ', { style: 'currency', currency: 'TZS', minimumFractionDigits: 2 }).format(cents / 100);

const eat = (iso) => new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Dar_es_Salaam' }).format(new Date(iso));

async function showOverview() {
  const { member, organization } = await api('GET', '/v1/auth/me');
  $('org-name').textContent = organization.name;
  $('who').textContent = `${member.email} (${member.role})`;
  const status = await api('GET', '/v1/service-status');
  $('route').textContent = status.sms_route;
  $('time').textContent = eat(status.time);
  if (member.permissions.includes('wallet.read')) {
    const { wallet } = await api('GET', '/v1/wallet');
    $('available').textContent = tzs(wallet.available);
    $('held').textContent = tzs(wallet.held);
  }
  $('sign-in').hidden = true;
  $('overview').hidden = false;
  $('sign-out').hidden = false;
}

function showSignIn() {
  $('overview').hidden = true;
  $('sign-out').hidden = true;
  $('sign-in').hidden = false;
}

$('sign-in').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  try {
    await api('POST', '/v1/auth/sign-in', { email: form.get('email'), password: form.get('password') });
    await showOverview();
  } catch (err) {
    event.target.querySelector('.error').textContent = err.message;
  }
});

$('sign-out').addEventListener('click', async () => {
  await api('POST', '/v1/auth/sign-out', {}).catch(() => {});
  showSignIn();
});

showOverview().catch(showSignIn);
