#!/usr/bin/env python3
"""A deliberately broken variant of main.py, which the suite must reject.

The protocol loop is main.py's and every operation timestamps.py's, except two mistakes:
  * the full timestamp prints a two-digit year ("[26-01-23 14:32]"), which breaks the output schema;
  * a gap of exactly one hour counts as "more than 1 hour" ("[15:00, 1h later]" for "[15:00]").
"""

import main
import timestamps


def date_minute_two_digit_year(ns, zone):
    y, m, d, h, mi, _ = timestamps.wall(ns, zone)
    return "%02d-%02d-%02d %02d:%02d" % (y % 100, m, d, h, mi)


def stamp_at_least_an_hour(at, previous, zone):
    if previous is not None and at - previous == timestamps.HOUR:
        return "[%s, 1h later]" % timestamps.clock(at, zone)
    return right_stamp(at, previous, zone)


right_stamp = timestamps.stamp
timestamps.date_minute = date_minute_two_digit_year
timestamps.stamp = stamp_at_least_an_hour

if __name__ == "__main__":
    main.main()
