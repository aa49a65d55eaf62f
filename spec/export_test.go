package spec

// DraftUnchecked is draftUnchecked, for the external tests.
var DraftUnchecked = draftUnchecked
