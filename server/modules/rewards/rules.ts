/**
 * The pure rules of check-in and the lucky draw: UTC days, the reward of a streak day, the tickets
 * a streak earns, and which prize a random number picks. No I/O here, so the tests state them
 * directly.
 */
const DAY_MS = 86_400_000;

/** Days since the epoch of a moment, by UTC. */
export function utcDayOf(momentMs: number): number {
  return Math.floor(momentMs / DAY_MS);
}

/** The UTC month of a day ("YYYY-MM"), its first day and the day's number in it (from 1). */
export function monthOf(day: number): { month: string; firstDay: number; dayOfMonth: number } {
  const date = new Date(day * DAY_MS);
  const year = date.getUTCFullYear();
  const monthIndex = date.getUTCMonth();
  return {
    month: `${year}-${String(monthIndex + 1).padStart(2, '0')}`,
    firstDay: utcDayOf(Date.UTC(year, monthIndex, 1)),
    dayOfMonth: date.getUTCDate(),
  };
}

/** The entry of the reward table that the n-th consecutive day pays: the table repeats after its last day. */
export function rewardIndexOf(streak: number, cycleDays: number): number {
  if (streak < 1 || cycleDays < 1) throw new Error(`no reward for streak ${streak} of a ${cycleDays}-day cycle`);
  return (streak - 1) % cycleDays;
}

/** A streak step earns a ticket: every ticketEveryDays-th consecutive day (7, 14, 21, ...). */
export function earnsTicket(streak: number, ticketEveryDays: number): boolean {
  return ticketEveryDays > 0 && streak > 0 && streak % ticketEveryDays === 0;
}

/** The prize a number in [0, sum of weights) picks: prizes own consecutive ranges of the size of their weight. */
export function pickByWeight<T extends { weight: number }>(prizes: readonly T[], roll: number): T {
  let remaining = roll;
  for (const prize of prizes) {
    if (remaining < prize.weight) return prize;
    remaining -= prize.weight;
  }
  throw new Error(`roll ${roll} is beyond the prizes' weights`);
}

export function totalWeightOf(prizes: readonly { weight: number }[]): number {
  return prizes.reduce((sum, prize) => sum + prize.weight, 0);
}

/** weight / total in percent, rounded down to two decimals, trailing zeros dropped ("12.5", "0.5", "60"). */
export function chancePercentOf(weight: number, total: number): string {
  const hundredths = Math.floor((weight * 10_000) / total);
  const whole = Math.floor(hundredths / 100);
  const fraction = String(hundredths % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction === '' ? String(whole) : `${whole}.${fraction}`;
}
