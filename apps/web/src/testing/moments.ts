/**
 * Local moments to check date formats against Intl: every month of two years, days with one
 * and two digits, hours around midnight and noon.
 */
export function* moments(): Generator<Date> {
  for (const year of [2009, 2026])
    for (let month = 0; month < 12; month += 1)
      for (const day of [1, 9, 28])
        for (const [hour, minute] of [
          [0, 0],
          [1, 5],
          [11, 59],
          [12, 0],
          [13, 30],
          [23, 9],
        ] as const)
          yield new Date(year, month, day, hour, minute);
}
