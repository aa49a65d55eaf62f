package report

import (
	"fmt"
	"strings"

	"github.com/clockspec/clockspec/conformance/result"
)

// Certificate says what a run shows, in one sentence and in numbers:
// "implementation X version V conforms to profiles P of spec version S".
// It holds nothing that changes between two identical runs (no duration; the
// date only when given), so a certificate can be committed and diffed.
type Certificate struct {
	Statement      string       `json:"statement"`
	Implementation string       `json:"implementation"`
	Version        string       `json:"version"`
	Language       string       `json:"language,omitempty"`
	SpecVersion    string       `json:"spec_version"`
	Kit            string       `json:"kit,omitempty"` // the conform build that made it; it certifies against SpecVersion
	Protocol       string       `json:"protocol,omitempty"`
	Tzdata         string       `json:"tzdata,omitempty"`
	Level          result.Level `json:"level"`
	// Complete: the run covered every scenario of the embedded suite. A
	// partial run (a tag expression, id patterns, a shard, a stop at the
	// first failure, features of its own) certifies nothing, whatever
	// passed.
	Complete bool `json:"complete"`
	// Conforms lists the claimed profiles whose every required scenario
	// passed at the level (known-failing and flaky-failing scenarios do not
	// pass). Decisions and extensions never decide it; each profile says
	// which of them the implementation also follows.
	Conforms []string             `json:"conforms"`
	Profiles []CertificateProfile `json:"profiles"`
	Date     string               `json:"date,omitempty"`
}

// CertificateProfile is one profile's counts at the run's level, the
// four tiers apart: required passed, recommendations, decisions and
// extensions followed,
// each with the ids that failed.
type CertificateProfile struct {
	Profile     string           `json:"profile"`
	Claimed     bool             `json:"claimed"`
	Conforms    bool             `json:"conforms"`
	Scenarios   int              `json:"scenarios"`
	Passed      int              `json:"passed"`
	Failed      int              `json:"failed"`
	NotClaimed  int              `json:"not_claimed"`
	Faults      int              `json:"faults"`
	Required    result.TierCount `json:"required"`
	Recommended result.TierCount `json:"recommended"`
	Decisions   result.TierCount `json:"decisions"`
	Extensions  result.TierCount `json:"extensions"`
}

// NewCertificate states what rep shows; date (YYYY-MM-DD, or "") is written
// as given.
func NewCertificate(rep *result.Report, date string) *Certificate {
	h := rep.Hello
	c := &Certificate{Implementation: h.Implementation, Version: h.Version, Language: h.Language,
		SpecVersion: rep.SpecVersion, Kit: rep.Kit, Protocol: h.Protocol, Tzdata: h.Tzdata, Level: rep.Level,
		Complete: rep.Complete, Conforms: []string{}, Date: date}
	for _, p := range rep.Profiles {
		cp := CertificateProfile{Profile: p.Profile, Claimed: p.Claimed, Scenarios: p.Scenarios,
			Passed: p.Passed, Failed: p.Failed, NotClaimed: p.NotClaimedCnt, Faults: p.Faults,
			Required: p.Required, Recommended: p.Recommended, Decisions: p.Decisions, Extensions: p.Extensions}
		cp.Conforms = p.Conforms() && rep.Complete
		if cp.Conforms {
			c.Conforms = append(c.Conforms, p.Profile)
		}
		c.Profiles = append(c.Profiles, cp)
	}
	who := fmt.Sprintf("implementation %s version %s", orUnknown(h.Implementation), orUnknown(h.Version))
	level := fmt.Sprintf(" at the %s level", rep.Level)
	switch {
	case !rep.Complete:
		c.Statement = fmt.Sprintf("partial run: %s was checked against part of spec version %s only; a partial run certifies nothing",
			who, rep.SpecVersion)
	case len(c.Conforms) == 0:
		c.Statement = fmt.Sprintf("%s conforms to no profile of spec version %s%s", who, rep.SpecVersion, level)
	default:
		noun := "profile"
		if len(c.Conforms) > 1 {
			noun = "profiles"
		}
		c.Statement = fmt.Sprintf("%s conforms to %s %s of spec version %s%s", who, noun, strings.Join(c.Conforms, ", "), rep.SpecVersion, level)
		var also []string
		for _, p := range c.Profiles {
			if p.Conforms {
				also = append(also, fmt.Sprintf("%s: %s", p.Profile, followed(p.Recommended, p.Decisions, p.Extensions)))
			}
		}
		c.Statement += "; it also follows " + strings.Join(also, "; ")
	}
	return c
}

// followed says how many recommendations, decisions and extensions a
// profile follows.
func followed(r, d, e result.TierCount) string {
	return fmt.Sprintf("%d of %d recommended, %d of %d decisions and %d of %d extensions",
		r.Passed, r.Total, d.Passed, d.Total, e.Passed, e.Total)
}

// notFollowed says how many scenarios of each tier beyond the required a
// profile does not follow ("" when it follows them all).
func notFollowed(p result.ProfileSummary) string {
	if p.Recommended.All() && p.Decisions.All() && p.Extensions.All() {
		return ""
	}
	return fmt.Sprintf("%d recommended, %d decisions, %d extensions not followed",
		p.Recommended.Total-p.Recommended.Passed, p.Decisions.Total-p.Decisions.Passed, p.Extensions.Total-p.Extensions.Passed)
}

func orUnknown(s string) string {
	if s == "" {
		return "(unknown)"
	}
	return s
}

// Badge is a shields.io endpoint badge:
// https://img.shields.io/endpoint?url=<where badge.json is served>.
type Badge struct {
	SchemaVersion int    `json:"schemaVersion"`
	Label         string `json:"label"`
	Message       string `json:"message"`
	Color         string `json:"color"`
}

// badgeProfiles names each conformed-to profile with its four tiers,
// e.g. "v1 req 290/290 rec 3/3 dec 12/12 ext 5/8".
func badgeProfiles(c *Certificate) string {
	var parts []string
	for _, p := range c.Profiles {
		if p.Conforms {
			parts = append(parts, fmt.Sprintf("%s req %d/%d rec %d/%d dec %d/%d ext %d/%d", p.Profile, p.Required.Passed, p.Required.Total,
				p.Recommended.Passed, p.Recommended.Total, p.Decisions.Passed, p.Decisions.Total, p.Extensions.Passed, p.Extensions.Total))
		}
	}
	return strings.Join(parts, " | ")
}

// NewBadge summarizes a certificate: green when every claimed profile
// conforms, yellow when some do (or the run was partial), red when none,
// grey when nothing is claimed.
func NewBadge(c *Certificate) *Badge {
	b := &Badge{SchemaVersion: 1, Label: "clockspec " + c.SpecVersion}
	claimed := 0
	for _, p := range c.Profiles {
		if p.Claimed {
			claimed++
		}
	}
	switch {
	case !c.Complete:
		b.Message, b.Color = "partial run", "yellow"
	case claimed == 0:
		b.Message, b.Color = "no profile claimed", "lightgrey"
	case len(c.Conforms) == claimed:
		b.Message, b.Color = badgeProfiles(c), "brightgreen"
	case len(c.Conforms) > 0:
		b.Message = fmt.Sprintf("%s (%d of %d profiles)", badgeProfiles(c), len(c.Conforms), claimed)
		b.Color = "yellow"
	default:
		b.Message, b.Color = "failing", "red"
	}
	return b
}
