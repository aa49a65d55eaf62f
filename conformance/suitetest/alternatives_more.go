package suitetest

func routingAlternatives() []switched    { return nil }
func timestampsAlternatives() []switched { return nil }
func clockCoreAlternatives() []switched  { return nil }
func awarenessAlternatives() []switched  { return nil }
func v1Alternatives() []switched         { return nil }
