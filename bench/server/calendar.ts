/**
 * Calendar part of bench:server (issue 32): while alarms whose notification is limited by a calendar
 * are ingested, how long does `/api/health` take to answer? A calendar that would stall the server
 * (six FREQ=SECONDLY;COUNT=19990 series) must be refused when saved; the calendar used is the
 * costliest kind still allowed: 20 weekly series, 10 monthly ones and a six-hourly one, all since
 * 2010, and the alarms' times go back and forth over the last day, so the checks cannot just go on.
 *
 * `runCalendar` is called by run.ts (section c). Alone, `npx tsx bench/server/calendar.ts` starts its
 * own server and runs a small round, printing the figures without writing any file (a smoke run).
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { closeConnections, get } from './http.ts';

export interface LegacyPhase {
  alarms: number;
  failures: number;
  healthMs: { count: number; p50: number; p99: number; max: number };
  alarmAnswerMs: { count: number; p50: number; p99: number; max: number };
}

export interface CalendarBenchResult {
  /** the hostile calendar written straight into the database (stored before the limits), its alarms at 2020-01-01 */
  legacy: LegacyPhase | null;
  hostileStatus: number;
  hostileMessage: string;
  calendarSeries: number;
  alarms: number;
  targetRate: number;
  achievedRate: number;
  failures: number;
  healthMs: { count: number; p50: number; p99: number; max: number };
  alarmAnswerMs: { count: number; p50: number; p99: number; max: number };
}

export const ics = (...lines: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Athar bench//EN', ...lines, 'END:VCALENDAR'].join('\r\n');
export const event = (uid: string, ...lines: string[]) => ['BEGIN:VEVENT', `UID:${uid}`, ...lines, 'END:VEVENT'];
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

export const HOSTILE = ics(...[1, 2, 3, 4, 5, 6].flatMap((n) => event(`s${n}`, 'DTSTART:20200101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY;COUNT=19990')));
/** `count` weekly shifts since 2010, 45 minutes each, on one to five days of the week. */
export const weeklySeries = (count: number, tag = 'w') =>
  Array.from({ length: count }, (_, i) =>
    event(`${tag}${i}`, `DTSTART;TZID=Asia/Riyadh:201001${String(4 + (i % 7)).padStart(2, '0')}T${String(6 + (i % 12)).padStart(2, '0')}0000`, 'DURATION:PT45M', `RRULE:FREQ=WEEKLY;BYDAY=${DAYS.slice(0, 1 + (i % 5)).join(',')}`),
  ).flat();
export const ALLOWED = ics(
  ...weeklySeries(20),
  ...Array.from({ length: 10 }, (_, i) => event(`m${i}`, 'DTSTART:20100129T080000Z', 'DURATION:PT2H', `RRULE:FREQ=MONTHLY;BYDAY=-1${DAYS[i % 5]}`)).flat(),
  ...event('h', 'DTSTART:20100101T000000Z', 'DURATION:PT1H', 'RRULE:FREQ=HOURLY;INTERVAL=6'),
);


function summary(values: number[]): { count: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q: number) => Math.round((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN) * 100) / 100;
  return { count: sorted.length, p50: at(0.5), p99: at(0.99), max: at(1) };
}

export async function runCalendar(options: {
  url: string;
  osmandPort: number;
  cookie: string;
  uniqueIds: string[];
  alarms: number;
  rate: number;
  withCalendar?: boolean;
  /** writes a calendar straight into the server's database, answering its id */
  insertLegacy?: (text: string) => Promise<number>;
}): Promise<CalendarBenchResult> {
  const { url, osmandPort, cookie, uniqueIds, alarms, rate, withCalendar = true } = options;
  const headers = { Cookie: cookie, 'Content-Type': 'application/json' };
  const save = (name: string, text: string) =>
    fetch(`${url}/api/calendars`, { method: 'POST', headers, body: JSON.stringify({ name, data: Buffer.from(text).toString('base64') }) });
  const hostile = await save('Stall', HOSTILE);
  const hostileMessage = await hostile.text();
  const allowed = await save('Shifts', ALLOWED);
  if (!allowed.ok) throw new Error(`calendar: ${allowed.status} ${await allowed.text()}`);
  const calendarId = ((await allowed.json()) as { id: number }).id;
  const notification = await fetch(`${url}/api/notifications`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ type: 'alarm', always: true, notificators: 'web', calendarId: withCalendar ? calendarId : 0, attributes: {} }),
  });
  if (!notification.ok) throw new Error(`notification: ${notification.status} ${await notification.text()}`);

  const base = Math.floor(Date.now() / 1000) - 86_400;
  const phase = await alarmsWithHealth({ url, osmandPort, uniqueIds, alarms, rate, timestamp: (k) => base + ((k * 7919) % 86_400) });

  // the reported calendar as if stored before the limits: its checks must stay bounded
  let legacy: LegacyPhase | null = null;
  if (options.insertLegacy) {
    const legacyId = await options.insertLegacy(HOSTILE);
    const update = await fetch(`${url}/api/notifications`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'alarm', always: true, notificators: 'web', calendarId: legacyId, attributes: { alarms: 'tow' } }),
    });
    if (!update.ok) throw new Error(`legacy notification: ${update.status} ${await update.text()}`);
    const start2020 = Date.parse('2020-01-01T00:00:00Z') / 1000;
    // inside the six series' 5.5 hours, back and forth
    const result = await alarmsWithHealth({ url, osmandPort, uniqueIds, alarms: Math.ceil(alarms / 4), rate, timestamp: (k) => start2020 + ((k * 7919) % 20_000), alarm: 'tow' });
    legacy = { alarms: Math.ceil(alarms / 4), failures: result.failures, healthMs: result.healthMs, alarmAnswerMs: result.alarmAnswerMs };
  }
  return {
    legacy,
    hostileStatus: hostile.status,
    hostileMessage: hostileMessage.slice(0, 300),
    calendarSeries: 31,
    alarms,
    targetRate: rate,
    achievedRate: phase.achievedRate,
    failures: phase.failures,
    healthMs: phase.healthMs,
    alarmAnswerMs: phase.alarmAnswerMs,
  };
}

/** Alarms at `rate` per second (times from `timestamp(k)`) while `/api/health` is asked one request after another. */
async function alarmsWithHealth(o: { url: string; osmandPort: number; uniqueIds: string[]; alarms: number; rate: number; timestamp: (k: number) => number; alarm?: string }) {
  const health: number[] = [];
  let done = false;
  const poller = (async () => {
    while (!done) {
      const t = performance.now();
      await get(Number(new URL(o.url).port), '/api/health');
      health.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  const answers: number[] = [];
  let failures = 0;
  let sent = 0;
  const pending = new Set<Promise<void>>();
  const begin = performance.now();
  while (sent < o.alarms) {
    const due = Math.min(o.alarms, Math.floor(((performance.now() - begin) / 1000) * o.rate));
    while (sent < due) {
      const id = o.uniqueIds[sent % o.uniqueIds.length]!;
      const timestamp = o.timestamp(sent);
      sent++;
      const t = performance.now();
      const promise = get(o.osmandPort, `/?id=${id}&lat=24.7&lon=46.6&timestamp=${timestamp}&alarm=${o.alarm ?? 'sos'}`).then((status) => {
        answers.push(performance.now() - t);
        if (status !== 200) failures++;
        pending.delete(promise);
      });
      pending.add(promise);
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  const seconds = (performance.now() - begin) / 1000;
  await Promise.all(pending);
  done = true;
  await poller;
  return { achievedRate: Math.round(o.alarms / seconds), failures, healthMs: summary(health), alarmAnswerMs: summary(answers) };
}

export function calendarMarkdown(c: CalendarBenchResult): string[] {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return [
    '## Alarms with a calendar-limited notification (issue 32)',
    '',
    `The reported calendar (six \`FREQ=SECONDLY;COUNT=19990\` series) is refused when saved: ${c.hostileStatus}. An \`always\` alarm notification is limited by the costliest kind of calendar still allowed (${c.calendarSeries} series since 2010: weekly, monthly on a weekday, six-hourly); alarms arrive with times back and forth over the last day, while \`/api/health\` is asked one request after another.`,
    '',
    '| alarms | achieved rate | failures | /api/health p50 | p99 | max | alarm answer p99 |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    `| ${c.alarms} | ${c.achievedRate}/s | ${c.failures} | ${ms(c.healthMs.p50)} | **${ms(c.healthMs.p99)}** | ${ms(c.healthMs.max)} | ${ms(c.alarmAnswerMs.p99)} |`,
    ...(c.legacy
      ? [
          `| ${c.legacy.alarms} with the reported calendar written into the database (as if stored before the limits), times in its 5.5 hours | – | ${c.legacy.failures} | ${ms(c.legacy.healthMs.p50)} | **${ms(c.legacy.healthMs.p99)}** | ${ms(c.legacy.healthMs.max)} | ${ms(c.legacy.alarmAnswerMs.p99)} |`,
        ]
      : []),
    '',
    `Aim: the hostile calendar refused (400): ${c.hostileStatus === 400 ? 'met' : 'missed'}; /api/health within 100 ms while alarms are processed (max): ${c.healthMs.max < 100 && (!c.legacy || c.legacy.healthMs.max < 100) ? 'met' : 'missed'}.`,
  ];
}

/** Asks serve.ts to write a calendar straight into its database. */
export function legacyCalendar(server: ChildProcess, text: string): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { type?: string; id?: number }) => {
      if (message.type !== 'legacy-calendar') return;
      server.off('message', onMessage);
      resolve(message.id ?? 0);
    };
    server.on('message', onMessage);
    server.send({ type: 'legacy-calendar', name: 'Stall (stored before the limits)', text });
  });
}

// alone: a small smoke round against a server of its own
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const PASSWORD = 'bench-password';
  const server: ChildProcess = fork(fileURLToPath(new URL('./serve.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, BENCH_PASSWORD: PASSWORD },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const timer = setTimeout(() => server.kill('SIGKILL'), 120_000);
  try {
    const { url, osmandPort } = await new Promise<{ url: string; osmandPort: number }>((resolve) => server.once('message', resolve as never));
    const login = await fetch(`${url}/api/session`, { method: 'POST', body: new URLSearchParams({ email: 'admin', password: PASSWORD }) });
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith('JSESSIONID='))?.split(';')[0] ?? '';
    const uniqueIds = ['cal-1', 'cal-2', 'cal-3', 'cal-4'];
    for (const uniqueId of uniqueIds) {
      await fetch(`${url}/api/devices`, { method: 'POST', headers: { Cookie: cookie, 'Content-Type': 'application/json' }, body: JSON.stringify({ name: uniqueId, uniqueId }) });
    }
    const result = await runCalendar({
      url,
      osmandPort,
      cookie,
      uniqueIds,
      alarms: Number(process.env.BENCH_ALARMS ?? 300),
      rate: 100,
      withCalendar: process.env.BENCH_NO_CALENDAR !== '1',
      insertLegacy: (text) => legacyCalendar(server, text),
    });
    console.log(JSON.stringify(result, null, 2));
    console.log(calendarMarkdown(result).join('\n'));
  } finally {
    clearTimeout(timer);
    server.disconnect();
    closeConnections();
  }
}
