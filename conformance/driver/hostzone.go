package driver

import (
	"fmt"
	"time"
)

// HostileZones are the host time zones a subprocess implementation runs
// under unless one is pinned: each observes daylight saving time and has an
// offset that is not a whole hour (Chatham +12:45/+13:45, St John's
// −03:30/−02:30, Lord Howe +10:30/+11:00 with a half-hour shift), so an
// implementation that lets its host zone leak into an answer — a parse that
// attaches the local zone, a "today" in local time — gives a wrong answer
// rather than a lucky one. The reference answers the same under any host
// zone.
var HostileZones = []string{"Pacific/Chatham", "America/St_Johns", "Australia/Lord_Howe"}

// HostZoneFor picks the host zone of a run from its seed.
func HostZoneFor(seed int64) string {
	i := seed % int64(len(HostileZones))
	if i < 0 {
		i = -i
	}
	return HostileZones[i]
}

// ValidateHostZone checks a zone pinned as the host zone: UTC or an IANA name
// this machine's time zone database knows (the implementation reads the
// same database through TZ).
func ValidateHostZone(zone string) error {
	if zone == "UTC" {
		return nil
	}
	if zone == "" || zone == "Local" {
		return fmt.Errorf("%q is not a time zone name (want UTC or an IANA name such as Europe/Oslo)", zone)
	}
	if _, err := time.LoadLocation(zone); err != nil {
		return fmt.Errorf("%q is not a time zone this machine knows (want UTC or an IANA name such as Europe/Oslo)", zone)
	}
	return nil
}
