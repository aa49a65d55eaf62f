// Package jsonin is the one JSON input runtime the kit's packages share
// (protocol, spec, reference): a one-pass Reader that checks JSON as
// encoding/json does, DecodeAny (the tree a JSON Schema validator reads),
// Whole (JSON Schema's "integer", read exactly), RepeatsAKey, and the
// decoders of the typed inputs gen derives from the input schemas: the
// generated one-pass readers are made of Read*, and Into reads every input
// they decline. Object keys are matched exactly, as JSON Schema and every
// other language read them (Go's encoding/json would match "timeZone" to a
// field tagged "timezone").
package jsonin
