/**
 * A strict reader of iCalendar text (RFC 5545), for the tests of the feed (server and browser): it
 * unfolds lines, checks CRLF endings and the 75-octet fold limit, parses `NAME;PARAM=x:VALUE`, nests
 * BEGIN/END blocks and checks what a calendar app needs (VERSION 2.0, PRODID; each VEVENT's UID,
 * DTSTAMP, DTSTART). Throws on the first fault; answers the calendar's events.
 */
export interface IcsEvent {
  uid: string;
  summary: string;
  dtstart: string;
  /** The DTSTART's VALUE parameter ('DATE' for whole days) or ''. */
  startValue: string;
  dtend: string;
  location: string;
}

const unescape = (v: string) => v.replace(/\\n/gi, '\n').replace(/\\([,;\\])/g, '$1');

export function parseIcs(text: string): { name: string; events: IcsEvent[] } {
  if (!text.endsWith('\r\n')) throw new Error('iCalendar text must end with CRLF');
  const raw = text.slice(0, -2).split('\r\n');
  for (const l of raw) {
    if (l.includes('\n') || l.includes('\r')) throw new Error('bare LF or CR in iCalendar text');
    if (new TextEncoder().encode(l).length > 75) throw new Error(`line longer than 75 octets: ${l}`);
  }
  const lines: string[] = [];
  for (const l of raw) {
    if (l.startsWith(' ') || l.startsWith('\t')) {
      if (!lines.length) throw new Error('continuation line first');
      lines[lines.length - 1] += l.slice(1);
    } else lines.push(l);
  }
  const stack: string[] = [];
  const events: IcsEvent[] = [];
  let cal: Record<string, string> = {};
  let ev: Record<string, string> | null = null;
  for (const line of lines) {
    const m = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/.exec(line);
    if (!m) throw new Error(`not a content line: ${line}`);
    const name = m[1]!.toUpperCase();
    const params = m[2]!;
    const value = m[3]!;
    if (name === 'BEGIN') {
      stack.push(value);
      if (value === 'VEVENT') ev = {};
      continue;
    }
    if (name === 'END') {
      if (stack.pop() !== value) throw new Error(`END:${value} does not close its BEGIN`);
      if (value === 'VEVENT' && ev) {
        for (const k of ['UID', 'DTSTAMP', 'DTSTART']) if (!ev[k]) throw new Error(`VEVENT without ${k}`);
        events.push({
          uid: ev.UID!,
          summary: unescape(ev.SUMMARY ?? ''),
          dtstart: ev.DTSTART!,
          startValue: ev['DTSTART;VALUE'] ?? '',
          dtend: ev.DTEND ?? '',
          location: unescape(ev.LOCATION ?? ''),
        });
        ev = null;
      }
      continue;
    }
    const top = stack[stack.length - 1];
    if (!top) throw new Error(`property outside a component: ${name}`);
    if (top === 'VEVENT' && ev) {
      ev[name] = value;
      const v = /;VALUE=([A-Z-]+)/i.exec(params);
      if (v && name === 'DTSTART') ev['DTSTART;VALUE'] = v[1]!.toUpperCase();
      if ((name === 'DTSTART' || name === 'DTEND') && !/^\d{8}(T\d{6}Z?)?$/.test(value))
        throw new Error(`bad ${name}: ${value}`);
    } else if (top === 'VCALENDAR') cal[name] = value;
  }
  if (stack.length) throw new Error(`unclosed ${stack.join(', ')}`);
  if (lines[0] !== 'BEGIN:VCALENDAR') throw new Error('does not begin with BEGIN:VCALENDAR');
  if (cal.VERSION !== '2.0') throw new Error('VERSION is not 2.0');
  if (!cal.PRODID) throw new Error('no PRODID');
  const name = unescape(cal['X-WR-CALNAME'] ?? cal.NAME ?? '');
  cal = {};
  return { name, events };
}
