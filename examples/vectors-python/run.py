#!/usr/bin/env python3
"""Run clockspec's call corpus (goldens/) against an implementation, without conform.

Python's standard library alone. It reads goldens/index.json (the manifest:
every scenario's profile, tier, operations and file), starts the
implementation as a subprocess speaking the kit's protocol (docs/protocol.md:
JSON Lines, hello first), sends each call's input text as the corpus holds it,
compares each answer as docs/vectors.md says (canonical JSON, numbers as exact
decimals, the scenario's open points left out), and prints passed, failed and
skipped scenarios per profile and tier.

    python3 run.py --impl 'python3 my_impl.py' [--profile timestamps] [--run 'v1/**'] [--goldens DIR]
    python3 run.py --profile v1 -- node my-impl/main.js

Exit status: 0 when every required scenario it ran passed, 1 otherwise (or
when it ran none), 2 on bad usage.
"""

import argparse
import json
import os
import queue
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from decimal import Decimal

FORMAT = "clockspec-vectors/1"
TIERS = ["required", "recommended", "decision", "extension"]
PLACEHOLDERS = ("state_file", "state_file_b", "state_file_target")
SHOWN_FAILURES = 10
# docs/protocol.md: an answer is one line of at most 1 MiB; a longer one is a
# protocol error, and reading stops there (nothing an implementation writes
# can make the runner hold more).
MAX_LINE = 1 << 20
# How long after the implementation exits its last lines may still arrive: a
# helper it started may hold its stdout open, so its exit, not the end of
# stdout, says it is gone.
EXIT_GRACE = 0.2


class UsageError(Exception):
    """A mistake on the command line or in the folder it names: exit 2."""


class ImplementationFault(Exception):
    """The implementation crashed, did not answer in time, or broke the protocol."""


# --- comparing answers (docs/vectors.md, "Comparing an answer") ---------------


def exact(text):
    """A JSON value with its numbers as exact decimals (2.50 == 2.5, never a float)."""
    return json.loads(text, parse_float=Decimal, parse_int=Decimal)


def same(a, b):
    """Equality of decoded JSON values. Python's == says True == 1 (bool is an
    int) and Decimal(1) == True: JSON's true and 1 must differ, so types are
    compared first."""
    if isinstance(a, bool) or isinstance(b, bool) or a is None or b is None:
        return type(a) is type(b) and a == b
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if isinstance(a, Decimal) and isinstance(b, Decimal):
        return a == b
    if isinstance(a, str) and isinstance(b, str):
        return a == b
    return False


def without(value, path):
    """value with the open point at a dotted path left out (an array element becomes None)."""
    key, _, rest = path.partition(".")
    if isinstance(value, dict) and key in value:
        value = dict(value)
        if rest:
            value[key] = without(value[key], rest)
        else:
            del value[key]
    elif isinstance(value, list) and key.isdigit() and int(key) < len(value):
        value = list(value)
        value[int(key)] = without(value[int(key)], rest) if rest else None
    return value


def passes(got, want, open_points):
    """got and want: {"output": ...} or {"error": {"code": ...}}, as decoded by exact()."""
    if ("output" in got) != ("output" in want):
        return open_points.get("outcome", False)
    if "error" in want and open_points.get("code", False):
        return True
    return same(*compared(got, want, open_points))


ABSENT = object()  # a member one side does not have


def compared(got, want, open_points):
    """got and want as passes() compares them: an error by its code, an
    output without its open fields."""
    if "output" in got and "output" in want:
        g, w = got["output"], want["output"]
        for path in open_points.get("fields", []):
            g, w = without(g, path), without(w, path)
        return {"output": g}, {"output": w}
    if "error" in got and "error" in want:
        return {"error": {"code": got["error"].get("code", ABSENT)}}, {"error": {"code": want["error"]["code"]}}
    return got, want


def first_difference(got, want, pointer=""):
    """The JSON pointer (RFC 6901) of the first member where got and want
    differ, with want's and got's values there; None when they are the same."""
    if isinstance(got, dict) and isinstance(want, dict):
        for key in list(want) + [k for k in got if k not in want]:
            at = pointer + "/" + key.replace("~", "~0").replace("/", "~1")
            d = first_difference(got.get(key, ABSENT), want.get(key, ABSENT), at)
            if d:
                return d
        return None
    if isinstance(got, list) and isinstance(want, list):
        for i in range(max(len(got), len(want))):
            d = first_difference(got[i] if i < len(got) else ABSENT, want[i] if i < len(want) else ABSENT, f"{pointer}/{i}")
            if d:
                return d
        return None
    if got is not ABSENT and want is not ABSENT and same(got, want):
        return None
    return pointer, want, got


def shown(value):
    """A value as the terminal shows it: compact JSON, numbers as written."""
    if value is ABSENT:
        return "(absent)"
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(k) + ":" + shown(v) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(shown(v) for v in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def difference_line(got, want, open_points):
    """'differs at POINTER: want X, got Y' for a failing answer, or ""."""
    d = first_difference(*compared(got, want, open_points))
    if d is None:
        return ""
    pointer, w, g = d
    return f"\n  differs at {pointer or '/'}: want {clip(shown(w), 200)}, got {clip(shown(g), 200)}"


# --- the corpus -----------------------------------------------------------------


def read_manifest(goldens):
    path = os.path.join(goldens, "index.json")
    try:
        with open(path, encoding="utf-8") as f:
            manifest = json.load(f)
    except OSError as e:
        raise UsageError(f"--goldens {goldens}: cannot read the manifest index.json ({e.strerror})")
    except ValueError as e:
        raise UsageError(f"{path} is not JSON: {e}")
    if manifest.get("format") != FORMAT:
        raise UsageError(f"{path} is in format {manifest.get('format')!r}; this runner reads {FORMAT!r}")
    return manifest


def read_calls(goldens, scenario):
    """The scenario's calls: (op, input text as stored, the stored answer, open points)."""
    calls = []
    with open(os.path.join(goldens, scenario["file"]), encoding="utf-8") as f:
        for line in f:
            # The input's text as it stands: "op" (a plain name) comes first.
            start = line.index('"input":') + len('"input":')
            _, end = json.JSONDecoder().raw_decode(line, start)
            call = exact(line)
            want = {k: call[k] for k in ("output", "error") if k in call}
            calls.append((call["op"], line[start:end], want, call.get("open", {}), "{" + line[end + 1 :].strip()))
    return calls


def with_state_files(text, folder):
    """The input with each state file placeholder replaced by a path in the scenario's folder."""
    for name in PLACEHOLDERS:
        path = os.path.join(folder, name, "clock-state.json")
        text = text.replace('"${%s}"' % name, json.dumps(path))
    return text


# --- the implementation (docs/protocol.md, "Subprocess form") --------------------


class Implementation:
    """One process of the implementation, spoken to a line at a time."""

    def __init__(self, argv, timeout):
        self.argv, self.timeout, self.next_id = argv, timeout, 0
        self.stuck = False  # a write to its stdin never finished
        try:
            # A session of its own: stop() ends whatever it started too.
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=sys.stderr,
                                         start_new_session=True)
        except OSError as e:
            raise ImplementationFault(f"cannot start {shlex.join(argv)}: {e.strerror}")
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        self.hello = self.call("hello", '{"protocol":"1"}', timeout=15)

    def _read(self):
        while True:
            line = self.proc.stdout.readline(MAX_LINE + 2)  # the line, "\r\n" and one byte more
            if not line:
                break
            if len(line.rstrip(b"\r\n")) > MAX_LINE:
                self.lines.put(ImplementationFault(f"protocol error: an answer line over {MAX_LINE} bytes (1 MiB)"))
                return  # stop() ends the process
            if line.strip():
                self.lines.put(line)
        self.lines.put(None)  # stdout closed

    def _write(self, data, timeout):
        """Writes data to the implementation's stdin within timeout seconds: a
        process that stops reading cannot block the run (an input over the
        pipe's buffer, some 64 KiB, waits for the reader)."""
        failed = []

        def write():
            try:
                self.proc.stdin.write(data)
                self.proc.stdin.flush()
            except (OSError, ValueError):  # ValueError: stdin closed by stop()
                failed.append(True)

        writer = threading.Thread(target=write, daemon=True)
        writer.start()
        writer.join(timeout)
        if writer.is_alive():
            self.stuck = True
            raise ImplementationFault(f"timed out: it read no more of its stdin within {timeout} s")
        if failed:
            raise ImplementationFault("crashed: it closed its stdin")

    def call(self, op, input_text, timeout=None):
        """Sends one request and returns its answer, decoded: {"output": …} or {"error": …}."""
        self.next_id += 1
        rid = str(self.next_id)
        request = '{"id":%s,"op":%s,"input":%s}\n' % (json.dumps(rid), json.dumps(op), input_text)
        timeout = timeout or self.timeout
        self._write(request.encode("utf-8"), timeout)
        line = self._next_line(timeout)
        if isinstance(line, ImplementationFault):
            raise line
        if line is None:
            try:
                status = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                status = "still running"
            raise ImplementationFault(f"crashed: it closed its stdout (exit status {status})")
        try:
            line = line.decode("utf-8")
            answer = exact(line)
        except ValueError:  # UnicodeDecodeError is one
            raise ImplementationFault(f"protocol error: the answer is not JSON: {line[:200]!r}")
        if not isinstance(answer, dict) or answer.get("id") != rid or ("output" in answer) == ("error" in answer):
            raise ImplementationFault(f"protocol error: want id {rid} and one of output and error: {line[:200]!r}")
        if "error" in answer and not isinstance(answer["error"], dict):
            raise ImplementationFault(f"protocol error: error is not an object: {line[:200]!r}")
        self.last_line = line.strip()
        return {k: answer[k] for k in ("output", "error") if k in answer}

    def _next_line(self, timeout):
        """The next line, or a fault when none comes within timeout or the
        process exits without one."""
        deadline = time.monotonic() + timeout
        exited = None
        while True:
            try:
                return self.lines.get(timeout=0.05)
            except queue.Empty:
                pass
            now = time.monotonic()
            if self.proc.poll() is not None:
                exited = exited or now
                if now - exited >= EXIT_GRACE:
                    code = self.proc.returncode
                    how = f"signal {-code}" if code < 0 else f"exit status {code}"
                    raise ImplementationFault(f"crashed: it exited ({how}) without an answer")
            if now >= deadline:
                raise ImplementationFault(f"timed out: no answer within {timeout} s (is every line flushed?)")

    def stop(self):
        """Closes its stdin, waits 2 s for it to exit, then kills its whole
        session (a wrapper's children too)."""
        if not self.stuck:  # a blocked write holds stdin's lock: closing it would wait for ever
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=2)
            except (OSError, subprocess.TimeoutExpired):
                pass
        try:
            if hasattr(os, "killpg"):
                os.killpg(self.proc.pid, signal.SIGKILL)
            else:
                self.proc.kill()
        except OSError:
            pass  # nothing of it is left
        self.proc.wait()


# --- the run --------------------------------------------------------------------


class Run:
    def __init__(self, argv, goldens, timeout):
        self.argv, self.goldens, self.timeout = argv, goldens, timeout
        self.impl = None
        self.counts = {}  # (profile, tier) -> {"passed": n, "failed": n, "skipped": n}
        self.failures = []

    def offered(self):
        """The operations the implementation's hello lists (starting it if it is not running)."""
        if self.impl is None:
            self.impl = Implementation(self.argv, self.timeout)
        ops = self.impl.hello.get("output", {}).get("operations")
        return set(ops) if isinstance(ops, list) else set()

    def count(self, scenario, verdict):
        key = (scenario["profile"], scenario["tier"])
        self.counts.setdefault(key, {"passed": 0, "failed": 0, "skipped": 0})[verdict] += 1

    def scenario(self, scenario, offered):
        # What the corpus cannot replay (a state file prepared first) or the
        # implementation does not offer is skipped, never failed.
        if scenario["setup"] or not set(scenario["operations"]) <= offered:
            self.count(scenario, "skipped")
            return
        calls = read_calls(self.goldens, scenario)
        folder = tempfile.mkdtemp(prefix="clockspec-vectors-")
        try:
            for n, (op, text, want, open_points, want_text) in enumerate(calls, 1):
                text = with_state_files(text, folder)
                try:
                    got = self.impl.call(op, text)
                except ImplementationFault as e:
                    self.impl.stop()
                    self.impl = None  # a fresh process for the next scenario
                    return self.fail(scenario, n, len(calls), op, text, want_text, str(e))
                if not passes(got, want, open_points):
                    return self.fail(scenario, n, len(calls), op, text, want_text, self.impl.last_line,
                                     difference_line(got, want, open_points))
            self.count(scenario, "passed")
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def fail(self, scenario, n, total, op, text, want_text, got, difference=""):
        self.count(scenario, "failed")
        self.failures.append(f"FAIL [{scenario['tier']}] {scenario['id']} call {n} of {total}: {op} {clip(text)}\n"
                             f"  want {clip(want_text)}\n  got  {clip(got)}{difference}")


def clip(text, limit=500):
    """Text shortened for the terminal: a 512 KiB input is not printed whole."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


def report(run, out):
    print(f"{'PROFILE':<16}{'TIER':<13}{'PASSED':>7}{'FAILED':>7}{'SKIPPED':>8}", file=out)
    for (profile, tier) in sorted(run.counts, key=lambda k: (k[0], TIERS.index(k[1]))):
        c = run.counts[(profile, tier)]
        print(f"{profile:<16}{tier:<13}{c['passed']:>7}{c['failed']:>7}{c['skipped']:>8}", file=out)
    for f in run.failures[:SHOWN_FAILURES]:
        print(f, file=out)
    if len(run.failures) > SHOWN_FAILURES:
        print(f"… and {len(run.failures) - SHOWN_FAILURES} more failing scenarios", file=out)


def parse_args(args):
    default_goldens = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "goldens")
    p = argparse.ArgumentParser(description="Run clockspec's call corpus against an implementation.",
                                epilog="The implementation's command may also follow --, as separate arguments.")
    p.add_argument("--impl", help="the implementation's command line, split as a shell would ('CMD ARGS')")
    p.add_argument("--profile", action="append", default=[], help="only this profile's scenarios (repeatable)")
    p.add_argument("--run", action="append", default=[], metavar="PATTERN",
                   help="only scenarios whose id matches PATTERN (repeatable, comma-separated; * within a segment, ** across segments)")
    p.add_argument("--goldens", default=default_goldens, help="the corpus folder (default: the repository's goldens/)")
    p.add_argument("--timeout", type=float, default=5.0, help="seconds to wait for each answer (default 5)")
    own, rest = (args[: args.index("--")], args[args.index("--") + 1 :]) if "--" in args else (args, [])
    opts = p.parse_args(own)
    if bool(opts.impl) == bool(rest):
        p.error("name the implementation once: --impl 'CMD ARGS' or -- CMD ARGS")
    try:
        opts.argv = shlex.split(opts.impl) if opts.impl else rest
    except ValueError as e:
        p.error(f"--impl: {e}")
    if not opts.argv:
        p.error("--impl is empty")
    opts.run = [pattern for value in opts.run for pattern in value.split(",") if pattern]
    return opts


def id_matches(pattern, scenario_id):
    """conform's --run patterns: segments split at "/", * and ? within a
    segment, a whole segment ** for any number of segments."""
    pat, ids = pattern.split("/"), scenario_id.split("/")
    segment = [re.compile("".join("[^/]*" if c == "*" else "[^/]" if c == "?" else re.escape(c) for c in s))
               for s in pat]
    seen = {}

    def match(i, j):
        if (i, j) not in seen:
            if i == len(pat):
                seen[i, j] = j == len(ids)
            elif pat[i] == "**":
                seen[i, j] = any(match(i + 1, k) for k in range(j, len(ids) + 1))
            else:
                seen[i, j] = j < len(ids) and bool(segment[i].fullmatch(ids[j])) and match(i + 1, j + 1)
        return seen[i, j]

    return match(0, 0)


def selected(scenario, opts):
    return ((not opts.profile or scenario["profile"] in opts.profile)
            and (not opts.run or any(id_matches(p, scenario["id"]) for p in opts.run)))


def main(args):
    opts = parse_args(args)
    try:
        manifest = read_manifest(opts.goldens)
        profiles = sorted({s["profile"] for s in manifest["scenarios"]})
        unknown = [p for p in opts.profile if p not in profiles]
        if unknown:
            raise UsageError(f"--profile {', '.join(unknown)}: the corpus has {', '.join(profiles)}")
        if not any(selected(s, opts) for s in manifest["scenarios"]):
            raise UsageError(f"--run {','.join(opts.run)}: no scenario of the selected profiles has a matching id")
    except UsageError as e:
        print(f"run.py: {e}", file=sys.stderr)
        return 2
    run = Run(opts.argv, opts.goldens, opts.timeout)
    try:
        for scenario in manifest["scenarios"]:
            if selected(scenario, opts):
                run.scenario(scenario, run.offered())
    except ImplementationFault as e:
        print(f"run.py: the implementation cannot run: {e}", file=sys.stderr)
        return 1
    finally:
        if run.impl is not None:
            run.impl.stop()
    report(run, sys.stdout)
    ran = sum(c["passed"] + c["failed"] for c in run.counts.values())
    required_failed = sum(c["failed"] for (_, tier), c in run.counts.items() if tier == "required")
    if ran == 0:
        print("ran no scenario: the implementation offers none of the selected scenarios' operations", file=sys.stdout)
        return 1
    print(f"required: {'all passed' if required_failed == 0 else f'{required_failed} failed'} ({ran} scenarios ran)")
    return 0 if required_failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
