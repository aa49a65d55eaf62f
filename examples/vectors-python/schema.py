"""A JSON Schema (draft 2020-12) validator for the kit's spec.json schemas, in Python's standard library.

It knows exactly the keywords spec/<profile>/spec.json's input and output
schemas use (KEYWORDS) and refuses, when it is given the schema, any other
keyword rather than ignore it: a keyword skipped in silence would accept
inputs the schema refuses. Numbers are exact decimals (decimal.Decimal).

    from schema import Validator, load_json
    v = Validator(load_json(schema_text))
    errors = v.errors(load_json(instance_text))   # [] when valid

`pattern` is an ECMA-262 regular expression: it is translated for Python's
re (see translate_pattern), and a construct the two read differently that
the translation does not handle is refused.
"""

import datetime
import json
import re
from decimal import Decimal

# The keywords the spec.json schemas use (annotations included): nothing else.
ANNOTATIONS = {"$schema", "$id", "$defs", "description", "default"}
ASSERTIONS = {
    "type", "properties", "additionalProperties", "required", "const", "enum", "minimum", "maximum",
    "exclusiveMinimum", "exclusiveMaximum", "items", "pattern", "minLength", "maxItems", "minItems",
    "minProperties", "allOf", "anyOf", "oneOf", "not", "if", "then", "uniqueItems", "format",
    "dependentRequired", "$ref",
}
KEYWORDS = ANNOTATIONS | ASSERTIONS
FORMATS = {"date-time"}


class SchemaError(Exception):
    """The schema uses what this validator does not know: it refuses to guess."""


def load_json(text):
    """A JSON value with its numbers as exact decimals."""
    return json.loads(text, parse_float=Decimal, parse_int=Decimal)


# --- JSON values --------------------------------------------------------------


def json_type(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (Decimal, int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    if isinstance(v, dict):
        return "object"
    raise TypeError(f"not a JSON value: {type(v).__name__}")


def equal(a, b):
    """JSON equality: true is not 1, 1.0 is 1, objects by their members."""
    ta, tb = json_type(a), json_type(b)
    if ta != tb:
        return False
    if ta == "array":
        return len(a) == len(b) and all(equal(x, y) for x, y in zip(a, b))
    if ta == "object":
        return a.keys() == b.keys() and all(equal(a[k], b[k]) for k in a)
    return a == b


def is_integer(v):
    return json_type(v) == "number" and Decimal(v) == Decimal(v).to_integral_value()


# --- pattern: ECMA-262 to Python ---------------------------------------------------

# ECMA-262's white space and line terminators (\s), written out: Python's \s
# under re.ASCII is ASCII white space only, and without it Unicode's list,
# which is not ECMA's.
ECMA_SPACE = "\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff"
ESCAPES = set("dDwWbBtnrfv0") | set("\\/^$.*+?()[]{}|-")


def translate_pattern(p):
    """An ECMA-262 pattern (no flags) as a Python re pattern, compiled with re.ASCII.

    The differences handled: ECMA's $ matches only at the end (Python's also
    before a final newline): \\Z; ECMA's . excludes \\r, U+2028 and U+2029 as
    well as \\n; \\d and \\w are ASCII in ECMA (re.ASCII); \\s is ECMA's list.
    Refused: named groups, \\u{…}, \\c, backreferences, and other escapes or
    group forms whose meaning differs between the two."""
    out, i, in_class = [], 0, False
    while i < len(p):
        c = p[i]
        if c == "\\":
            if i + 1 >= len(p):
                raise SchemaError(f"pattern {p!r}: ends in a backslash")
            e = p[i + 1]
            if e == "u" and re.fullmatch(r"[0-9A-Fa-f]{4}", p[i + 2 : i + 6]):
                out.append(p[i : i + 6])
                i += 6
                continue
            if e == "x" and re.fullmatch(r"[0-9A-Fa-f]{2}", p[i + 2 : i + 4]):
                out.append(p[i : i + 4])
                i += 4
                continue
            if e == "s":
                out.append(ECMA_SPACE if in_class else "[" + ECMA_SPACE + "]")
            elif e == "S" and not in_class:
                out.append("[^" + ECMA_SPACE + "]")
            elif e == "S" and in_class and p[i + 2 : i + 3] == "]" and out and out[-1] == ECMA_SPACE:
                out.append("\\S")  # [\s\S]: every character, whichever \S
            elif e in ESCAPES and e != "S":
                out.append(p[i : i + 2])
            else:
                raise SchemaError(f"pattern {p!r}: the escape \\{e} is not translated for Python")
            i += 2
            continue
        if in_class:
            if c == "]":
                in_class = False
            elif c == "[":
                out.append("\\[")  # a literal in ECMA, a nested set warning in Python
                i += 1
                continue
            out.append(c)
        elif c == "[":
            in_class = True
            out.append(c)
            if p[i + 1 : i + 2] == "^":
                out.append("^")
                i += 1
            if p[i + 1 : i + 2] == "]":
                raise SchemaError(f"pattern {p!r}: [] and [^] mean other things in Python")
        elif c == "$":
            out.append("\\Z")
        elif c == ".":
            out.append("[^\\n\\r\\u2028\\u2029]")
        elif c == "(" and p[i + 1 : i + 2] == "?":
            form = re.match(r"\(\?(:|=|!|<=|<!)", p[i:])
            if not form:
                raise SchemaError(f"pattern {p!r}: the group {p[i:i+4]!r}… is not translated for Python")
            out.append(form.group(0))
            i += len(form.group(0))
            continue
        else:
            out.append(c)
        i += 1
    if in_class:
        raise SchemaError(f"pattern {p!r}: an unclosed [")
    try:
        return re.compile("".join(out), re.ASCII)
    except re.error as e:
        raise SchemaError(f"pattern {p!r}: {e}")


# --- format ---------------------------------------------------------------------

DATE_TIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))\Z", re.ASCII)


def is_date_time(s):
    """RFC 3339 date-time: a real date, hours 00-23, minutes 00-59, seconds 00-60
    (60 only at 23:59 UTC), an offset within ±23:59."""
    m = DATE_TIME.match(s)
    if not m:
        return False
    y, mo, d, h, mi, sec = (int(g) for g in m.groups()[:6])
    try:
        # RFC 3339 allows the year 0000, which datetime does not: it is a
        # leap year of the proleptic Gregorian calendar, as 2000 is.
        datetime.date(y or 2000, mo, d)
    except ValueError:
        return False
    if h > 23 or mi > 59 or sec > 60:
        return False
    if m.group(7):
        oh, om = int(m.group(8)), int(m.group(9))
        if oh > 23 or om > 59:
            return False
        minutes = (h * 60 + mi + (-1 if m.group(7) == "+" else 1) * (oh * 60 + om)) % (24 * 60)
        h, mi = divmod(minutes, 60)
    return sec < 60 or (h, mi) == (23, 59)


# --- the validator -------------------------------------------------------------------


class Validator:
    """One standalone schema: its $refs point into its own $defs."""

    def __init__(self, schema):
        self.root = schema
        self.patterns = {}
        self._check(schema, "#")

    def _check(self, s, where):
        """Refuses, at once, a schema this validator would misread."""
        if isinstance(s, bool):
            return
        if not isinstance(s, dict):
            raise SchemaError(f"{where}: a schema is an object or a boolean")
        unknown = sorted(set(s) - KEYWORDS)
        if unknown:
            raise SchemaError(f"{where}: keyword {', '.join(unknown)} is not one this validator knows; it refuses rather than ignore it")
        if "format" in s and s["format"] not in FORMATS:
            raise SchemaError(f"{where}: format {s['format']!r} is not one this validator knows")
        if "pattern" in s:
            try:
                self.patterns[s["pattern"]] = translate_pattern(s["pattern"])
            except SchemaError as e:
                raise SchemaError(f"{where}: {e}")
        if "$ref" in s:
            self._resolve(s["$ref"], where)
        for k in ("properties", "$defs"):
            for name, sub in s.get(k, {}).items():
                self._check(sub, f"{where}/{k}/{name}")
        for k in ("allOf", "anyOf", "oneOf"):
            for n, sub in enumerate(s.get(k, [])):
                self._check(sub, f"{where}/{k}/{n}")
        for k in ("additionalProperties", "items", "not", "if", "then"):
            if k in s:
                self._check(s[k], f"{where}/{k}")

    def _resolve(self, ref, where="#"):
        m = re.fullmatch(r"#/\$defs/([^/~]+)", ref)
        if not m or m.group(1) not in self.root.get("$defs", {}):
            raise SchemaError(f"{where}: $ref {ref!r}: only #/$defs/<name> of this schema is resolved")
        return self.root["$defs"][m.group(1)]

    def errors(self, instance):
        """The reasons the instance is invalid, each with its place; [] when it is valid."""
        out = []
        self._validate(self.root, instance, "", out)
        return out

    def _validate(self, s, v, at, out):
        if s is True:
            return
        if s is False:
            out.append(f"{at or '/'}: no value is allowed here")
            return
        for keyword in s:
            check = CHECKS.get(keyword)
            if check:
                check(self, s, v, at, out)


def _type(val, s, v, at, out):
    types = s["type"] if isinstance(s["type"], list) else [s["type"]]
    t = json_type(v)
    if not any(t == want or (want == "integer" and is_integer(v)) for want in types):
        out.append(f"{at or '/'}: {t}, want {' or '.join(types)}")


def _properties(val, s, v, at, out):
    if isinstance(v, dict):
        for name, sub in s["properties"].items():
            if name in v:
                val._validate(sub, v[name], f"{at}/{name}", out)


def _additional(val, s, v, at, out):
    if isinstance(v, dict):
        for name in v:
            if name not in s.get("properties", {}):
                val._validate(s["additionalProperties"], v[name], f"{at}/{name}", out)


def _required(val, s, v, at, out):
    if isinstance(v, dict):
        for name in s["required"]:
            if name not in v:
                out.append(f"{at or '/'}: missing {name!r}")


def _dependent_required(val, s, v, at, out):
    if isinstance(v, dict):
        for name, needs in s["dependentRequired"].items():
            if name in v:
                for n in needs:
                    if n not in v:
                        out.append(f"{at or '/'}: {name!r} needs {n!r}")


def _number(key, op, describe):
    def check(val, s, v, at, out):
        if json_type(v) == "number" and not op(Decimal(v), Decimal(s[key])):
            out.append(f"{at or '/'}: {v} is not {describe} {s[key]}")
    return check


def _length(key, measure, op, describe):
    def check(val, s, v, at, out):
        n = measure(v)
        if n is not None and not op(n, s[key]):
            out.append(f"{at or '/'}: {describe} {s[key]}")
    return check


def _const(val, s, v, at, out):
    if not equal(v, s["const"]):
        out.append(f"{at or '/'}: not the constant {s['const']!r}")


def _enum(val, s, v, at, out):
    if not any(equal(v, e) for e in s["enum"]):
        out.append(f"{at or '/'}: not one of {s['enum']!r}")


def _items(val, s, v, at, out):
    if isinstance(v, list):
        for n, item in enumerate(v):
            val._validate(s["items"], item, f"{at}/{n}", out)


def _unique(val, s, v, at, out):
    if s["uniqueItems"] and isinstance(v, list):
        for i in range(len(v)):
            if any(equal(v[i], v[j]) for j in range(i)):
                out.append(f"{at or '/'}: items {i} repeats an earlier one")
                return


def _pattern(val, s, v, at, out):
    if isinstance(v, str) and not val.patterns[s["pattern"]].search(v):
        out.append(f"{at or '/'}: {v!r} does not match {s['pattern']!r}")


def _format(val, s, v, at, out):
    if isinstance(v, str) and not is_date_time(v):
        out.append(f"{at or '/'}: {v!r} is not a {s['format']}")


def _passes(val, sub, v, at):
    errs = []
    val._validate(sub, v, at, errs)
    return not errs


def _all_of(val, s, v, at, out):
    for sub in s["allOf"]:
        val._validate(sub, v, at, out)


def _any_of(val, s, v, at, out):
    if not any(_passes(val, sub, v, at) for sub in s["anyOf"]):
        out.append(f"{at or '/'}: matches none of anyOf")


def _one_of(val, s, v, at, out):
    n = sum(_passes(val, sub, v, at) for sub in s["oneOf"])
    if n != 1:
        out.append(f"{at or '/'}: matches {n} of oneOf, want exactly 1")


def _not(val, s, v, at, out):
    if _passes(val, s["not"], v, at):
        out.append(f"{at or '/'}: matches what not refuses")


def _if(val, s, v, at, out):
    if "then" in s and _passes(val, s["if"], v, at):
        val._validate(s["then"], v, at, out)


def _ref(val, s, v, at, out):
    val._validate(val._resolve(s["$ref"]), v, at, out)


CHECKS = {
    "type": _type,
    "properties": _properties,
    "additionalProperties": _additional,
    "required": _required,
    "dependentRequired": _dependent_required,
    "minimum": _number("minimum", lambda a, b: a >= b, "at least"),
    "maximum": _number("maximum", lambda a, b: a <= b, "at most"),
    "exclusiveMinimum": _number("exclusiveMinimum", lambda a, b: a > b, "above"),
    "exclusiveMaximum": _number("exclusiveMaximum", lambda a, b: a < b, "below"),
    "minLength": _length("minLength", lambda v: len(v) if isinstance(v, str) else None, lambda n, m: n >= m, "shorter than"),
    "minItems": _length("minItems", lambda v: len(v) if isinstance(v, list) else None, lambda n, m: n >= m, "fewer items than"),
    "maxItems": _length("maxItems", lambda v: len(v) if isinstance(v, list) else None, lambda n, m: n <= m, "more items than"),
    "minProperties": _length("minProperties", lambda v: len(v) if isinstance(v, dict) else None, lambda n, m: n >= m, "fewer members than"),
    "const": _const,
    "enum": _enum,
    "items": _items,
    "uniqueItems": _unique,
    "pattern": _pattern,
    "format": _format,
    "allOf": _all_of,
    "anyOf": _any_of,
    "oneOf": _one_of,
    "not": _not,
    "if": _if,
    "$ref": _ref,
}
assert set(CHECKS) | ANNOTATIONS | {"then"} == KEYWORDS, "every keyword is checked or an annotation"
