package clock

import (
	"strconv"
)

// A policy given as JSON (PolicyFromJSON) is YAML to the loader, and
// parsing YAML is most of what reading it costs. policyTreeFromJSON reads
// the common case straight from the JSON: a subset of JSON that YAML reads
// the same way (strings of printable ASCII without escapes, whole or
// decimal numbers without an exponent, true and false, white space of
// spaces and line feeds, each key's colon on its line), holding a policy
// the walker accepts. For that subset it gives the tree parseDocument
// gives; anything else, any doubt and every problem (whose messages name
// YAML lines and types) is ok false, and the document goes through
// parseDocument as before. TestPolicyJSONIsTheYAMLPath compares the two.

func policyTreeFromJSON(doc []byte) (map[string]any, bool) {
	if len(doc) > MaxPolicyBytes {
		return nil, false
	}
	p := policyJSON{d: doc}
	v, ok := p.value(documentShape)
	if p.space(); !ok || p.i != len(p.d) {
		return nil, false
	}
	m, ok := v.(map[string]any)
	return m, ok
}

type policyJSON struct {
	d []byte
	i int
}

// space moves past spaces and line feeds.
func (p *policyJSON) space() {
	for p.i < len(p.d) && (p.d[p.i] == ' ' || p.d[p.i] == '\n') {
		p.i++
	}
}

func (p *policyJSON) peek() byte {
	p.space()
	if p.i >= len(p.d) {
		return 0
	}
	return p.d[p.i]
}

// str reads a string of printable ASCII without a quote or backslash.
func (p *policyJSON) str() (string, bool) {
	if p.peek() != '"' {
		return "", false
	}
	for j := p.i + 1; j < len(p.d); j++ {
		switch c := p.d[j]; {
		case c == '"':
			s := string(p.d[p.i+1 : j])
			p.i = j + 1
			return s, true
		case c < 0x20 || c >= 0x7f || c == '\\':
			return "", false
		}
	}
	return "", false
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)? of at most 15 digits; whole
// says it has no fraction.
func (p *policyJSON) number() (text string, whole, ok bool) {
	p.space()
	j := p.i
	if j < len(p.d) && p.d[j] == '-' {
		return "", false, false // no field of a policy takes a negative number
	}
	start, digits := j, 0
	for j < len(p.d) && p.d[j] >= '0' && p.d[j] <= '9' {
		j, digits = j+1, digits+1
	}
	if digits == 0 || digits > 1 && p.d[start] == '0' {
		return "", false, false
	}
	whole = true
	if j < len(p.d) && p.d[j] == '.' {
		whole = false
		j++
		n := 0
		for j < len(p.d) && p.d[j] >= '0' && p.d[j] <= '9' {
			j, n = j+1, n+1
		}
		if n == 0 {
			return "", false, false
		}
		digits += n
	}
	if digits > 15 || j < len(p.d) && (p.d[j] == 'e' || p.d[j] == 'E' || p.d[j] == '.') {
		return "", false, false
	}
	text, p.i = string(p.d[start:j]), j
	return text, whole, true
}

func (p *policyJSON) literal(lit string) bool {
	p.space()
	if len(p.d)-p.i < len(lit) || string(p.d[p.i:p.i+len(lit)]) != lit {
		return false
	}
	p.i += len(lit)
	return true
}

// value reads a value of shape s, as the walker would return it.
func (p *policyJSON) value(s *shape) (any, bool) {
	switch s.kind {
	case kMap:
		return p.object(s)
	case kRules:
		return p.rules()
	case kBool:
		switch {
		case p.literal("true"):
			return true, true
		case p.literal("false"):
			return false, true
		}
		return nil, false
	case kInt:
		text, whole, ok := p.number()
		if !ok || !whole {
			return nil, false
		}
		v, err := strconv.ParseInt(text, 10, 64)
		if err != nil || float64(v) < s.min || float64(v) > s.max {
			return nil, false
		}
		return v, true
	case kNumber:
		text, _, ok := p.number()
		if !ok {
			return nil, false
		}
		v, err := strconv.ParseFloat(text, 64)
		if err != nil || v < s.min || v > s.max {
			return nil, false
		}
		return v, true
	case kEnum:
		v, ok := p.str()
		if !ok {
			return nil, false
		}
		for _, e := range s.enum {
			if v == e {
				return e, true
			}
		}
		return nil, false
	case kDuration:
		v, ok := p.str()
		if !ok {
			return nil, false
		}
		d, err := ParseDuration(v)
		if err != nil {
			return nil, false
		}
		return d.Text, true
	case kRuleID:
		v, ok := p.str()
		if !ok || !ruleIDPattern.MatchString(v) {
			return nil, false
		}
		return v, true
	}
	return nil, false
}

func (p *policyJSON) object(s *shape) (any, bool) {
	if p.peek() != '{' {
		return nil, false
	}
	p.i++
	out := map[string]any{}
	if p.peek() == '}' {
		p.i++
		return out, p.complete(s, out)
	}
	for {
		k, ok := p.str()
		if !ok {
			return nil, false
		}
		// The colon on the key's line, after a few spaces at most: a key
		// YAML reads as an implicit key, as JSON does.
		for n := 0; p.i < len(p.d) && p.d[p.i] == ' '; n++ {
			if p.i++; n > 64 {
				return nil, false
			}
		}
		if p.i >= len(p.d) || p.d[p.i] != ':' {
			return nil, false
		}
		p.i++
		var fs *shape
		for _, f := range s.fields {
			if f.key == k {
				fs = f.shape
			}
		}
		if _, dup := out[k]; fs == nil || dup {
			return nil, false
		}
		v, ok := p.value(fs)
		if !ok {
			return nil, false
		}
		out[k] = v
		switch p.peek() {
		case ',':
			p.i++
		case '}':
			p.i++
			return out, p.complete(s, out)
		default:
			return nil, false
		}
	}
}

// complete checks what walkMap checks once a mapping is read.
func (p *policyJSON) complete(s *shape, out map[string]any) bool {
	for _, f := range s.fields {
		if _, ok := out[f.key]; f.required && !ok {
			return false
		}
	}
	return !s.atLeast1 || len(out) > 0
}

func (p *policyJSON) rules() (any, bool) {
	if p.peek() != '[' {
		return nil, false
	}
	p.i++
	out := []any{}
	ids := map[string]bool{}
	if p.peek() == ']' {
		p.i++
		return out, true
	}
	for {
		v, ok := p.object(ruleShape)
		if !ok || len(out) == MaxRules {
			return nil, false
		}
		id := v.(map[string]any)["id"].(string)
		if ids[id] {
			return nil, false
		}
		ids[id] = true
		out = append(out, v)
		switch p.peek() {
		case ',':
			p.i++
		case ']':
			p.i++
			return out, true
		default:
			return nil, false
		}
	}
}
