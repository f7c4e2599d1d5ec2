/**
 * Shared steps of the end-to-end tests: admin API calls (Basic auth), signing in through the
 * login form in either language, and waiting for the map's test hook.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { ADMIN_PASSWORD, type Harness } from './harness.ts';
import { parsePo } from '../../scripts/i18nRules.ts';

export const ADMIN_LOGIN = 'admin';
export const DEMO_DEVICES = 8;

const catalogues = new Map<string, Map<string, string>>();

/** A message in `lang`, by its English (the labels a test presses), from the language's catalogue. */
export function messageIn(lang: string, english: string): string {
  let entries = catalogues.get(lang);
  if (!entries) {
    entries = parsePo(readFileSync(`src/locales/${lang}.po`, 'utf8'));
    catalogues.set(lang, entries);
  }
  return entries.get(english) || english;
}

const LANGUAGES = ['ar', 'en', 'he', 'fa', 'ur', 'fr', 'es', 'pt-BR', 'ru', 'tr', 'de', 'id'];

/** A label in whichever language is shown: the whole text, exactly. */
function inAnyLanguage(english: string): RegExp {
  const texts = new Set(LANGUAGES.map((lang) => messageIn(lang, english).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^(${[...texts].join('|')})$`);
}

/** Labels in every language: the tests do not depend on which catalogue is active unless they say so. */
export const LABEL = {
  email: inAnyLanguage('Email'),
  password: inAnyLanguage('Password'),
  signIn: inAnyLanguage('Sign in'),
  account: inAnyLanguage('Account'),
  logout: inAnyLanguage('Logout'),
};

export function basicAuth(login = ADMIN_LOGIN, password = ADMIN_PASSWORD): string {
  return `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
}

/** A request to the running server as the admin (Basic auth, no Origin header). */
export async function adminApi(
  harness: Harness,
  method: string,
  path: string,
  body?: unknown,
  options: { form?: boolean; auth?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Authorization: options.auth ?? basicAuth(), Accept: 'application/json' };
  let payload: string | undefined;
  if (body !== undefined) {
    if (options.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(body as Record<string, string>).toString();
    } else {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
  }
  return fetch(`${harness.server.url}${path}`, { method, headers, body: payload });
}

export async function adminJson<T = Record<string, unknown>>(harness: Harness, method: string, path: string, body?: unknown): Promise<T> {
  const response = await adminApi(harness, method, path, body);
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

let userCounter = 0;

/** A fresh non-administrator user (created by the admin). */
export async function createUser(harness: Harness, prefix = 'user'): Promise<{ id: number; email: string; password: string }> {
  userCounter += 1;
  const email = `${prefix}-${Date.now()}-${userCounter}@example.com`;
  const password = `pass-${userCounter}-${Math.random().toString(36).slice(2, 10)}`;
  const user = await adminJson<{ id: number }>(harness, 'POST', '/api/users', { name: `${prefix} ${userCounter}`, email, password });
  return { id: user.id, email, password };
}

/** A login token for `auth` (default: the admin), valid for `lifetimeMs`. */
export async function createToken(harness: Harness, lifetimeMs = 3600_000, auth?: string): Promise<string> {
  const response = await adminApi(harness, 'POST', '/api/session/token', { expiration: new Date(Date.now() + lifetimeMs).toISOString() }, { form: true, auth });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST /api/session/token: ${response.status} ${text}`);
  return text.trim();
}

/** Fills the login form and submits it (the page must show the login screen). */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel(LABEL.email).fill(email);
  await page.getByLabel(LABEL.password).fill(password);
  await page.getByRole('button', { name: LABEL.signIn }).click();
}

export function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path, { timeout });
}

/**
 * Opens `path` (by default the login page in English), signs the admin in and waits until the app
 * is at `landing` (by default `/`), without waiting for the map to draw: for tests of the shell
 * around the map rather than the map itself.
 */
export async function signIn(page: Page, harness: Harness, path = '/login?locale=en', landing = '/'): Promise<void> {
  await page.goto(`${harness.server.url}${path}`);
  await submitLogin(page, ADMIN_LOGIN, ADMIN_PASSWORD);
  await waitForPath(page, landing);
}

/**
 * Asks for the protected `path` signed out (in `locale`), signs the admin in on the login screen
 * that leads to, and waits until the sign-in has returned to `path`: no map drawn on the way.
 */
export async function signInOnto(page: Page, harness: Harness, path: string, locale = 'en'): Promise<void> {
  await page.goto(`${harness.server.url}${path}${path.includes('?') ? '&' : '?'}locale=${locale}`);
  await waitForPath(page, '/login');
  await submitLogin(page, ADMIN_LOGIN, ADMIN_PASSWORD);
  await waitForPath(page, path);
}

/**
 * Opens `path` (by default the login page in English), signs the admin in, waits for `/` and the
 * drawn map; returns its device feature count.
 */
export async function signInToMap(page: Page, harness: Harness, path = '/login?locale=en'): Promise<number> {
  await signIn(page, harness, path);
  return waitForMap(page);
}

/**
 * Signs the admin in for the page's browser context through the API, as the login form's request
 * does (same origin): the session cookie lands in the context, and the next `goto` is a full load
 * of a signed-in page, with no login screen or map on the way.
 */
export async function signInThroughApi(page: Page, harness: Harness): Promise<void> {
  const response = await page.request.post(`${harness.server.url}/api/session`, {
    form: { email: ADMIN_LOGIN, password: ADMIN_PASSWORD },
    headers: { Origin: harness.server.url },
  });
  if (!response.ok()) throw new Error(`POST /api/session: ${response.status()} ${await response.text()}`);
}

/** The messages of the dialogs (alert, confirm…) the page opens, each dismissed: markup from data must open none. */
export function watchDialogs(page: Page): string[] {
  const messages: string[] = [];
  page.on('dialog', (dialog) => {
    messages.push(dialog.message());
    void dialog.dismiss();
  });
  return messages;
}

/** Waits until the map has drawn and returns its device feature count. */
export async function waitForMap(page: Page, timeout = 30_000): Promise<number> {
  const map = page.locator('[data-testid="map"][data-map-ready="true"]');
  await map.waitFor({ state: 'attached', timeout });
  const count = await map.getAttribute('data-device-features');
  return Number(count);
}

export async function expectMap(page: Page, features: number): Promise<void> {
  const map = page.locator('[data-testid="map"]');
  await map.and(page.locator(`[data-map-ready="true"][data-device-features="${features}"]`)).waitFor({ state: 'attached', timeout: 30_000 });
  expect(await map.getAttribute('data-device-features')).toBe(String(features));
}

/** Status of `GET /api/session` made from the page (with its cookies). */
export function pageSessionStatus(page: Page): Promise<number> {
  return page.evaluate(() => fetch('/api/session', { headers: { Accept: 'application/json' } }).then((r) => r.status));
}

/** Sets (or clears, with null) server attributes as the admin. */
export async function setServerAttributes(harness: Harness, attributes: Record<string, unknown | null>): Promise<void> {
  const server = await adminJson<{ attributes?: Record<string, unknown> }>(harness, 'GET', '/api/server');
  const next: Record<string, unknown> = { ...(server.attributes ?? {}) };
  for (const [key, value] of Object.entries(attributes)) {
    if (value === null) delete next[key];
    else next[key] = value;
  }
  await adminJson(harness, 'PUT', '/api/server', { ...server, attributes: next });
}

/** A web notification of alarms for the demo administrator (alarms then reach the events drawer and toasts). */
export async function notifyAdminOfAlarms(harness: Harness): Promise<void> {
  const users = await adminJson<Array<{ id: number; administrator: boolean }>>(harness, 'GET', '/api/users');
  const admin = users.find((user) => user.administrator);
  if (!admin) throw new Error('no administrator');
  const notification = await adminJson<{ id: number }>(harness, 'POST', '/api/notifications', { type: 'alarm', notificators: 'web', always: true, attributes: {} });
  await adminJson(harness, 'POST', '/api/permissions', { userId: admin.id, notificationId: notification.id });
}

/** An OsmAnd position with `alarm=sos` for the device `uniqueId` (an alarm event on the server). */
export async function sendAlarm(harness: Harness, uniqueId: string, seconds = Math.floor(Date.now() / 1000)): Promise<void> {
  if (harness.server.osmandPort === null) throw new Error('no OsmAnd port');
  const response = await fetch(`http://127.0.0.1:${harness.server.osmandPort}/?id=${uniqueId}&lat=24.7&lon=46.7&timestamp=${seconds}&alarm=sos`);
  if (response.status !== 200) throw new Error(`OsmAnd: ${response.status}`);
}

