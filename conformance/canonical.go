package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/clockspec/clockspec/protocol"
)

// Canonical is the byte form a response is compared in at the exact level:
// JSON with object keys sorted, no insignificant white space, no HTML
// escaping, and numbers in their shortest round-trip form. Two
// implementations that answer the same value therefore produce the same
// bytes, however their JSON encoders differ. An error is reduced to its code:
// messages are for people and free to differ.
func Canonical(r protocol.Result) ([]byte, error) {
	if r.Error != nil {
		return []byte(`{"error":{"code":` + quote(r.Error.Code) + `}}`), nil
	}
	dec := json.NewDecoder(bytes.NewReader(r.Output))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("output is not JSON: %w", err)
	}
	var b bytes.Buffer
	b.WriteString(`{"output":`)
	if err := writeCanonical(&b, v); err != nil {
		return nil, err
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return string(bytes.TrimRight(b.Bytes(), "\n"))
}

func writeCanonical(b *bytes.Buffer, v any) error {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case string:
		b.WriteString(quote(x))
	case json.Number:
		f, err := x.Float64()
		if err != nil || math.IsInf(f, 0) {
			return fmt.Errorf("number %s is out of range", x)
		}
		b.WriteString(formatNumber(f))
	case []any:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeCanonical(b, e); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(quote(k))
			b.WriteByte(':')
			if err := writeCanonical(b, x[k]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	default:
		return fmt.Errorf("unexpected JSON value %T", v)
	}
	return nil
}

// formatNumber prints like JavaScript's Number#toString for the values JSON
// outputs here carry: integers without a fraction, others in the shortest
// form that reads back to the same double.
func formatNumber(f float64) string {
	if f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	return strconv.FormatFloat(f, 'g', -1, 64)
}
