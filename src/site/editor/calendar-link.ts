/** A link that adds an event to an external calendar (engine spec §8): compact UTC dates, location lines joined by commas. */
function compactUtc(epochMs: number): string {
  return new Date(epochMs)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export interface CalendarEvent {
  text: string;
  startMs: number;
  endMs: number;
  locationLines?: readonly string[];
}

export function calendarLink({ text, startMs, endMs, locationLines = [] }: CalendarEvent): string {
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text,
    dates: `${compactUtc(startMs)}/${compactUtc(endMs)}`,
  });
  const location = locationLines
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(', ');
  if (location !== '') params.set('location', location);
  return `https://www.google.com/calendar/event?${params.toString().replaceAll('%2F', '/')}`;
}
