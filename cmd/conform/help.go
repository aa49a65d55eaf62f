package main

import (
	"flag"
	"fmt"
	"io"
	"sort"
)

// The help of every subcommand, in printHelp's one shape. Each example is
// "command line<TAB>what it does"; TestDocCommands runs every one.

var runHelp = helpText{
	usage: "conform [run] [flags]",
	about: `Runs the conformance suite against an implementation and prints, on stderr, the failures
(identical ones grouped, the first 20; --report has them all), the per-profile table and, last,
"conform: N passed, M failed"; a terminal also gets a live counter. stdout stays empty unless
--format asks for a report there (junit: names are "id: title"; cucumber; pretty; progress).`,
	examples: runExamples,
	groups: []flagGroup{
		{"The implementation", []string{"impl", "deadline", "window", "restarts", "stderr-log", "host-tz", "seed"}},
		{"What runs", []string{"tags", "run", "skip", "shard", "level", "list", "features", "goldens"}},
		{"Gating", []string{"require", "known-failing", "known-flaky", "fail-fast"}},
		{"Output", []string{"report", "date", "format", "progress", "summary-json", "save-failures"}},
	},
	exit: exitCodes + "\nThe protocol an implementation speaks: docs/protocol.md. CI jobs to copy: docs/ci.md.\n",
}

var listHelp = helpText{
	usage: "conform list [flags]",
	about: `Lists the scenarios a run with the same filters would consider: id, tier, origins (for
cases transcribed from v1's tests) and title, one a line; the count on stderr. With --tiers,
how many scenarios of each tier (required, recommended, decisions, extensions) each profile
of the selection has.`,
	examples: []string{
		"conform list --tiers\tthe four tiers' sizes, per profile",
		"conform list --tags @v1-case\tthe 54 transcribed v1 cases with their origins",
		"conform list --tags '@datetime and @decision'\tthe datetime profile's pinned decisions",
		"conform list --run 'v1/escape-xml/**' --json\tas JSON",
	},
	exit: exitSimple,
}

var showHelp = helpText{
	usage: "conform show ID…",
	about: `Prints a scenario as an implementer needs it: its feature, title, tags and description,
then each call it makes (operation and input) with the answer it expects (the golden the
reference wrote; an error compares by its code). IDs are those of conform list.`,
	examples: []string{
		"conform show v1/escape-xml/ampersand\tone scenario",
		"conform show v1/timezone/format-exact/midnight\tone row of an outline",
	},
	exit: exitSimple,
}

var replayHelp = helpText{
	usage: "conform replay FILE [flags]",
	about: `Sends the calls of a failing scenario saved by conform run --save-failures DIR (DIR/ID.replay.json)
to an implementation, and prints for each call the answer, its schema check and its comparison
with the golden. Flags may come before or after FILE.`,
	examples: []string{
		"conform replay failures/v1__escape-xml__ampersand.replay.json --impl 'exec:node my-impl/main.js'\treplay against a subprocess",
		"conform replay --impl http://127.0.0.1:8080 failures/v1__escape-xml__ampersand.replay.json\tagainst an HTTP server",
	},
	groups: []flagGroup{{"The implementation", []string{"impl", "deadline", "window", "restarts", "stderr-log"}}},
	exit: `Exit status:
  0  every call answered as its golden says
  1  a call failed: a fault, a schema error or a different answer
  2  the replay could not happen: a bad flag, an unreadable file
`,
}

var reportHelp = helpText{
	usage: "conform report DIR… [--html FILE]",
	about: `Merges the summary.json of several runs (each DIR is a --report folder, or a summary.json)
into one comparison: a profile × run matrix, the runs' facts and certificates, and every
scenario whose outcome differs between runs. The shards of one run (--shard i/n, same
implementation, version, level and filters) are merged into one column first.`,
	examples: []string{
		"conform report runs/reference out/\tcompare two runs (each a --report folder)",
		"conform report shard-1/ shard-2/ shard-3/ --html all.html\tmerge a sharded run",
	},
	exit: `Exit status:
  0  every folder was read and merged (whatever the runs' outcomes)
  2  a folder could not be read or merged
`,
}

var serveHelp = helpText{
	usage: "conform serve [flags]",
	about: `Exposes the reference implementation over the protocol (docs/protocol.md): HTTP on a loopback
address (GET /hello, POST /call), or JSON Lines on stdin/stdout with --stdio. Over HTTP a
web page cannot drive it: a browser Origin other than its own gets 403 unless --allow-origin
names it, on loopback so does a Host that is not a loopback name (DNS rebinding), and the store
operations read and write state files only under --store-root (the temporary folder). With
--mcp it serves the reference's tools to MCP hosts instead (the datetime tools; with --profiles
datetime,clock-core also CLOCK's timezone provider): on stdin/stdout, or with --addr as MCP
streamable HTTP at /mcp, with the same Origin rule (docs/mcp.md).`,
	examples: []string{
		"conform serve\tHTTP on 127.0.0.1:8080 until Ctrl-C",
		"conform serve --mcp\tthe datetime tools as an MCP server on stdin/stdout",
		"conform serve --mcp --addr 127.0.0.1:9001\tthe same over MCP streamable HTTP at /mcp",
		"conform serve --mcp --profiles datetime,clock-core\tthe datetime tools and CLOCK's timezone provider, for an agent",
		"conform serve --addr 127.0.0.1:9000\tanother port",
		"conform run --impl 'exec:conform serve --stdio'\tcertify the runner against itself over a pipe",
	},
	exit: exitSimple,
}

var storeCheckHelp = helpText{
	usage: "conform store-check --impl exec:CMD [flags]",
	about: `Certifies an implementation's own CLOCK state store (seed 004 §10.3: atomic write and a lock).
It starts several processes of the implementation updating one state file at once, then kills
writers mid-write, and requires no lost update and a whole schema-v3 file after every kill.
A kill is SIGKILL to the writer's whole process tree at once, so a store started through a
wrapper (sh -c, npm start, go run) or writing in a child process is killed mid-write too.
Each part has its own time budget: the whole check takes at most ` + storeCheckWorstCase + ` × --deadline,
plus a few seconds to stop processes, whatever the store does.`,
	examples: []string{
		"conform store-check --impl 'exec:conform serve --stdio'\tthe reference's store",
	},
	exit: storeCheckExit,
}

// storeCheckExit: store-check judges, so it has a red status.
const storeCheckExit = `Exit status:
  0  the store passes both parts
  1  the store fails a part (each FAIL line says why)
  2  the check could not run: a bad flag, no exec: command, a command that cannot be found, an
     implementation that does not say hello or lacks clock-core.store_on_user_message or store_read
  129, 130, 143  interrupted (SIGHUP, SIGINT, SIGTERM): the implementation's processes were stopped, no verdict
`

var recordHelp = helpText{
	usage: "conform record [flags]",
	about: `Writes every call of the call corpus (the reference's answers, which make gen records in
goldens/; docs/vectors.md) as JSON Lines on stdout, in suite order:
{"id":"<scenario id>#<n>","op","input","output"|"error"}, an error as its code. Nothing runs:
it reads the corpus the binary embeds. What the JavaScript oracle recomputes (make oracle).`,
	examples: []string{
		"conform record --ops v1.escape_xml,v1.compute_next_run\ttwo operations' calls",
		"conform record --tags @v1\tevery call of the v1 profile",
	},
	exit: exitSimple,
}

var versionHelp = helpText{
	usage: "conform version",
	about: `Prints the kit's version (this conform build: the tag it was released or installed at,
e.g. go install …/cmd/conform@v1.2.3, or (devel), with the commit it was built from when known),
the spec version with its profiles (what a certificate names), the reference's version, the
tzdata build the reference and the goldens use, and the protocol version. The kit changes with
every release; the spec version only when what conformance means changes.`,
	examples: []string{"conform version\t"},
	exit:     exitSimple,
}

var helpHelp = helpText{
	usage:    "conform help [TOPIC]",
	about:    "Prints the overview, a command's help (the same as conform COMMAND -h), or a topic.",
	examples: []string{"conform help run\tthe run command's flags", "conform help tags\ttag expressions"},
	exit:     exitSimple,
}

// topics are help pages that are not commands.
var topics = map[string]string{
	"tags": `Tag expressions (--tags of run, list and record)

--tags takes a Cucumber tag expression, read by Cucumber's own library, so it means what it
means in every Cucumber tool: tags joined with and, or, not and parentheses.

  @v1                               one profile
  @v1 and not @decision             the v1 profile's scenarios but its decisions
  (@v1 or @datetime) and @decision  the pinned decisions of two profiles
  @recommended                      what the seeds recommend (SHOULD, suggested, MAY)
  not (@recommended or @decision or @extension)
                                    the required scenarios: what decides conformance

godog's older form is still accepted: ',' is or, '&&' is and, '~' is not
('@v1&&~@decision'). A tag no scenario carries is refused (exit status 2), so a typo cannot
turn into a green run of nothing; conform list --tags EXPR shows what an expression selects.

Tags: one per profile (@v1, @datetime, @timestamps, @routing, @clock-core, @clock-awareness),
the tiers @recommended, @decision and @extension, @v1-case for cases transcribed from v1's tests, and
@req:ID, @origin:…, @id:… on each scenario.
`,
}

func topicNames() []string {
	var out []string
	for t := range topics {
		out = append(out, t)
	}
	sort.Strings(out)
	return out
}

// helpCmd prints the overview, a command's help or a topic, on stdout.
func helpCmd(args []string, stdout, stderr io.Writer) error {
	fset := flag.NewFlagSet("conform help", flag.ContinueOnError)
	pos, err := parseFlags(fset, args, stdout, helpHelp)
	if err != nil {
		return err
	}
	switch len(pos) {
	case 0:
		usage(stdout)
		return nil
	case 1:
	default:
		return &usageError{"help takes one topic; see conform help"}
	}
	topic := pos[0]
	if text, ok := topics[topic]; ok {
		w := &wrappedWriter{w: stdout}
		fmt.Fprint(w, text)
		_ = w.Flush()
		return nil
	}
	for _, c := range commands {
		if c.name == topic {
			// A command's help is what its -h prints.
			code := run([]string{topic, "-h"}, stdout, stderr)
			if code != exitOK {
				return fmt.Errorf("help %s: exit %d", topic, code)
			}
			return nil
		}
	}
	return &usageError{fmt.Sprintf("no help topic %q%s; topics: the commands (%s) and %s",
		topic, didYouMean(topic, append(commandNames(), topicNames()...)), joinNames(commandNames()), joinNames(topicNames()))}
}

func joinNames(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}
