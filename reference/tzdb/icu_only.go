package tzdb

// icuOnly maps the time zone IDs that ICU 78 (Node 20) accepts but tzdata
// 2025c does not have, lower-cased, to the tzdb zone that gives the same
// offsets. Measured with Node 20.20.2: Intl.DateTimeFormat(...).
// resolvedOptions().timeZone names the target for the three-letter Java-style
// IDs and the two removed links. ICU keeps the SystemV zones as zones of its own;
// they are mapped to the tzdb zone with the same rules from 1970 on (fixed
// offsets to Etc/GMT+N, the DST ones to the US zone with the same standard
// offset). This list is the complete set the oracle found (40 IDs).
var icuOnly = map[string]string{
	"act": "Australia/Darwin", "aet": "Australia/Sydney", "agt": "America/Argentina/Buenos_Aires",
	"art": "Africa/Cairo", "ast": "America/Anchorage", "bet": "America/Sao_Paulo",
	"bst": "Asia/Dhaka", "cat": "Africa/Maputo", "cnt": "America/St_Johns",
	"cst": "America/Chicago", "ctt": "Asia/Shanghai", "eat": "Africa/Nairobi",
	"ect": "Europe/Paris", "iet": "America/Indiana/Indianapolis", "ist": "Asia/Kolkata",
	"jst": "Asia/Tokyo", "mit": "Pacific/Apia", "net": "Asia/Yerevan",
	"nst": "Pacific/Auckland", "plt": "Asia/Karachi", "pnt": "America/Phoenix",
	"prt": "America/Puerto_Rico", "pst": "America/Los_Angeles", "sst": "Pacific/Guadalcanal",
	"vst":                      "Asia/Ho_Chi_Minh",
	"us/pacific-new":           "America/Los_Angeles",
	"canada/east-saskatchewan": "America/Regina",
	"systemv/ast4":             "Etc/GMT+4", "systemv/ast4adt": "America/Halifax",
	"systemv/cst6": "Etc/GMT+6", "systemv/cst6cdt": "America/Chicago",
	"systemv/est5": "Etc/GMT+5", "systemv/est5edt": "America/New_York",
	"systemv/hst10": "Etc/GMT+10",
	"systemv/mst7":  "Etc/GMT+7", "systemv/mst7mdt": "America/Denver",
	"systemv/pst8": "Etc/GMT+8", "systemv/pst8pdt": "America/Los_Angeles",
	"systemv/yst9": "Etc/GMT+9", "systemv/yst9ydt": "America/Anchorage",
}
