package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"

	"gopkg.in/yaml.v3"
)

// The Rails zone names an implementer of the timestamps profile needs
// (ActiveSupport::TimeZone::MAPPING, 151 names and the tzdb zone each is
// computed in) are written once, in the profile's operations.yaml, as the
// schema $defs.rails_time_zone_mapping. gen derives from it a plain JSON
// object a program can load — spec/timestamps/rails_time_zones.json — and
// the copy the Python example carries, in the mapping's own order.

const (
	railsZonesSource = "spec/timestamps/operations.yaml"
	railsZonesFile   = "spec/timestamps/rails_time_zones.json"
)

// railsZonesCopies are the example folders' copies of railsZonesFile.
var railsZonesCopies = []string{"examples/python-timestamps/rails_time_zones.json"}

func railsZones(root fs.FS, out Files) error {
	b, err := fs.ReadFile(root, railsZonesSource)
	if err != nil {
		return fmt.Errorf("gen: %w", err)
	}
	var doc struct {
		Defs map[string]struct {
			Properties yaml.Node `yaml:"properties"`
		} `yaml:"$defs"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return fmt.Errorf("gen: %s: %w", railsZonesSource, err)
	}
	props := doc.Defs["rails_time_zone_mapping"].Properties
	if props.Kind != yaml.MappingNode || len(props.Content) == 0 {
		return fmt.Errorf("gen: %s has no $defs.rails_time_zone_mapping.properties", railsZonesSource)
	}
	var buf bytes.Buffer
	buf.WriteString("{\n")
	for i := 0; i < len(props.Content); i += 2 {
		name := props.Content[i].Value
		var v struct {
			Const string `yaml:"const"`
		}
		if err := props.Content[i+1].Decode(&v); err != nil || v.Const == "" {
			return fmt.Errorf("gen: %s: the Rails name %q has no const tzdb zone", railsZonesSource, name)
		}
		k, _ := json.Marshal(name)
		z, _ := json.Marshal(v.Const)
		sep := ","
		if i+2 == len(props.Content) {
			sep = ""
		}
		fmt.Fprintf(&buf, "  %s: %s%s\n", k, z, sep)
	}
	buf.WriteString("}\n")
	out[railsZonesFile] = buf.Bytes()
	for _, c := range railsZonesCopies {
		out[c] = buf.Bytes()
	}
	return nil
}
