"""The timestamps profile (spec/timestamps/operations.yaml), Python standard library only.

call(op, input) answers one operation: ("output", {...}) or ("error", code, message).
main.py is the protocol loop around it; this file knows nothing of the protocol.
"""

import json
import os
import re
import zoneinfo
from datetime import datetime, timedelta, timezone

HERE = os.path.dirname(os.path.abspath(__file__))

# ActiveSupport::TimeZone::MAPPING: Rails name -> tzdb zone (a copy of
# spec/timestamps/rails_time_zones.json that `make gen` writes).
with open(os.path.join(HERE, "rails_time_zones.json"), encoding="utf-8") as f:
    RAILS = json.load(f)

# Every tzdb zone and link the system's zoneinfo has, "Factory" aside.
TZDB = zoneinfo.available_timezones() - {"Factory"}

OPERATIONS = [
    "timestamps.resolve_timezone",
    "timestamps.user_timezone",
    "timestamps.format_message_timestamp",
    "timestamps.current_time_context",
    "timestamps.messages_context",
]


class Refused(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def invalid(message):
    return Refused("invalid_input", message)


# --- instants: RFC 3339 with upper-case T and Z, at most nine fraction digits.

INSTANT = re.compile(
    r"^([0-9]{4})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])"
    r"(?:\.([0-9]{1,9}))?(Z|([+-])([01][0-9]|2[0-3]):([0-5][0-9]))$"
)


def leap(y):
    return y % 4 == 0 and (y % 100 != 0 or y % 400 == 0)


def days_from_civil(y, m, d):
    """Days since 1970-01-01 in the proleptic Gregorian calendar (any year)."""
    y -= m <= 2
    era = y // 400
    yoe = y - era * 400
    doy = (153 * (m + (-3 if m > 2 else 9)) + 2) // 5 + d - 1
    doe = yoe * 365 + yoe // 4 - yoe // 100 + doy
    return era * 146097 + doe - 719468


def civil_from_days(z):
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + (3 if mp < 10 else -9)
    return y + (m <= 2), m, d


def shape_ok(s):
    return isinstance(s, str) and INSTANT.match(s) is not None


def instant_ns(s, field):
    """Nanoseconds since the Unix epoch; invalid_time for a day the calendar lacks."""
    g = INSTANT.match(s).groups()
    y, mo, d, h, mi, sec = (int(x) for x in g[:6])
    month_days = [31, 29 if leap(y) else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mo - 1]
    if d > month_days:
        raise Refused("invalid_time", "%s %s names a day the calendar does not have" % (field, json.dumps(s)))
    frac = int((g[6] or "").ljust(9, "0"))
    offset = 0
    if g[7] != "Z":
        offset = (int(g[9]) * 3600 + int(g[10]) * 60) * (1 if g[8] == "+" else -1)
    seconds = days_from_civil(y, mo, d) * 86400 + h * 3600 + mi * 60 + sec - offset
    return seconds * 10**9 + frac


# --- zones

class Zone:
    def __init__(self, name, key, fallback):
        self.name, self.fallback = name, fallback
        self.info = zoneinfo.ZoneInfo(key)

    def offset(self, seconds):
        """The zone's UTC offset in seconds at an instant (clamped to the years Python can hold)."""
        lo, hi = -62135596800 + 86400, 253402300799 - 86400
        t = datetime.fromtimestamp(min(max(seconds, lo), hi), tz=timezone.utc)
        return int(t.astimezone(self.info).utcoffset().total_seconds())


def blank(s):
    # Ruby's [[:space:]]: Unicode White_Space.
    return all(c in "\t\n\x0b\x0c\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000" for c in s)


def resolve(name):
    if name is None or blank(name):
        return Zone("UTC", "UTC", True)
    if name in RAILS:
        return Zone(name, RAILS[name], False)
    if name in TZDB:
        return Zone(name, name, False)
    return Zone("UTC", "UTC", True)


# --- formatting: strftime's fields of the zone's wall clock

def wall(ns, zone):
    seconds = ns // 10**9
    local = seconds + zone.offset(seconds)
    y, m, d = civil_from_days(local // 86400)
    rest = local % 86400
    return y, m, d, rest // 3600, rest % 3600 // 60, rest % 60


def year(y):
    return "-%04d" % -y if y < 0 else "%04d" % y


def date_minute(ns, zone):
    y, m, d, h, mi, _ = wall(ns, zone)
    return "%s-%02d-%02d %02d:%02d" % (year(y), m, d, h, mi)


def clock(ns, zone):
    _, _, _, h, mi, _ = wall(ns, zone)
    return "%02d:%02d" % (h, mi)


def minute(ns):
    return (ns // 10**9) // 60


HOUR = 3600 * 10**9


def stamp(at, previous, zone):
    if previous is not None and minute(at) == minute(previous):
        return None
    if previous is None:
        return "[" + date_minute(at, zone) + "]"
    gap = at - previous
    if gap > 24 * HOUR:
        return "[" + date_minute(at, zone) + "]"
    if gap > HOUR:
        hours = (gap + HOUR // 2) // HOUR  # halves away from zero (gap > 0 here)
        return "[%s, %dh later]" % (clock(at, zone), hours)
    return "[" + clock(at, zone) + "]"


# --- input shapes (the operations' input schemas)

def obj(v, what):
    if not isinstance(v, dict):
        raise invalid("%s must be an object" % what)
    return v


def opt_str(d, key, what):
    if key in d and d[key] is not None and not isinstance(d[key], str):
        raise invalid("%s.%s must be a string or null" % (what, key))
    return d.get(key)


def instant_field(d, key, what):
    if not shape_ok(d.get(key)):
        raise invalid("%s.%s must be an RFC 3339 instant" % (what, key))
    return d[key]


def read_messages(inp):
    msgs = inp.get("messages")
    if not isinstance(msgs, list):
        raise invalid("messages must be an array")
    out = []
    for i, m in enumerate(msgs):
        what = "messages[%d]" % i
        obj(m, what)
        at = instant_field(m, "at", what)
        content = opt_str(m, "content", what)
        agent = m.get("agent")
        if agent is not None:
            obj(agent, what + ".agent")
            if not isinstance(agent.get("id"), str) or agent["id"] == "" or not isinstance(agent.get("name"), str):
                raise invalid(what + ".agent needs a non-empty string id and a string name")
        user = m.get("user")
        if user is not None:
            obj(user, what + ".user")
            for key in ("timezone", "full_name", "email_address"):
                opt_str(user, key, what + ".user")
        out.append({"at": at, "content": content, "agent": agent, "user": user})
    # Calendar days only once the whole input has the right shape.
    for i, m in enumerate(out):
        m["ns"] = instant_ns(m["at"], "messages[%d].at" % i)
    return out


def chat_zone(msgs):
    best = None
    for m in msgs:
        if m["user"] is not None and (best is None or m["ns"] >= best["ns"]):
            best = m
    if best is None:
        return resolve(None)
    return resolve(best["user"].get("timezone"))


def user_name(user):
    if user is None:
        return "User"
    full = user.get("full_name")
    if full is not None and not blank(full):
        return full
    email = user.get("email_address")
    if email is not None:
        fields = email.split("@")
        while fields and fields[-1] == "":
            fields.pop()
        if fields:
            return fields[0]
    return "User"


# --- the operations

def resolve_timezone(inp):
    z = resolve(opt_str(inp, "timezone", "input"))
    return {"timezone": z.name, "fallback": z.fallback}


def user_timezone(inp):
    return {"timezone": chat_zone(read_messages(inp)).name}


def format_message_timestamp(inp):
    at = instant_field(inp, "message_at", "input")
    previous = inp.get("previous_at")
    if previous is not None:
        previous = instant_field(inp, "previous_at", "input")
    zone = resolve(opt_str(inp, "timezone", "input"))
    at_ns = instant_ns(at, "message_at")
    prev_ns = None if previous is None else instant_ns(previous, "previous_at")
    return {"timestamp": stamp(at_ns, prev_ns, zone)}


def current_time_context(inp):
    now = instant_field(inp, "now", "input")
    zone = resolve(opt_str(inp, "timezone", "input"))
    y, m, d, h, mi, s = wall(instant_ns(now, "now"), zone)
    return {"line": "Current time: %s-%02d-%02dT%02d:%02d:%02d (%s)" % (year(y), m, d, h, mi, s, zone.name)}


def messages_context(inp):
    agent_id = inp.get("agent_id")
    if not isinstance(agent_id, str) or agent_id == "":
        raise invalid("agent_id must be a non-empty string")
    msgs = read_messages(inp)
    zone = chat_zone(msgs)
    out, previous = [], None
    for m in sorted(msgs, key=lambda m: m["ns"]):  # stable: equal instants keep their order
        if m["content"] is None or blank(m["content"]):
            continue
        role, text, agent = "user", m["content"], m["agent"]
        if agent is not None and agent["id"] == agent_id:
            role = "assistant"
        elif agent is not None:
            text = "[" + agent["name"] + "]: " + text
        else:
            text = "[" + user_name(m["user"]) + "]: " + text
        s = stamp(m["ns"], previous, zone)
        if s is not None:
            text = s + " " + text
        out.append({"role": role, "content": text})
        previous = m["ns"]
    return {"messages": out}


HANDLERS = dict(zip(OPERATIONS, [resolve_timezone, user_timezone, format_message_timestamp,
                                 current_time_context, messages_context]))


def call(op, inp):
    handler = HANDLERS.get(op)
    if handler is None:
        return ("error", "unknown_operation", "no operation " + op)
    try:
        return ("output", handler(obj(inp, "the input")))
    except Refused as e:
        return ("error", e.code, str(e))
