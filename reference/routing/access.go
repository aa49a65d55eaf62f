package routing

// Who counts as known. The seed's permissions module enforces sender_scope
// "known" and the unknown_sender_policy gate; v2's access hierarchy is owner,
// admin (of every agent group or of one) and member.

// Role names (user_roles.role).
const (
	RoleOwner = "owner"
	RoleAdmin = "admin"
)

// directory answers membership questions over the roles and members rows.
type directory struct {
	roles   []Role
	members []Member
}

// ownerOrGlobalAdmin: known to every agent group.
func (d directory) ownerOrGlobalAdmin(user string) bool {
	for _, r := range d.roles {
		if r.User == user && (r.Role == RoleOwner || (r.Role == RoleAdmin && r.AgentGroup == nil)) {
			return true
		}
	}
	return false
}

// ownerOrAdmin: any owner or admin role, whatever its scope (item 22's
// "sender IS an owner/admin").
func (d directory) ownerOrAdmin(user string) bool {
	for _, r := range d.roles {
		if r.User == user && (r.Role == RoleOwner || r.Role == RoleAdmin) {
			return true
		}
	}
	return false
}

// knownTo reports whether a sender may use an agent group: owner, global
// admin, admin of that group or member of it. A sender that cannot be
// identified is never known.
func (d directory) knownTo(sender *string, agentGroup string) bool {
	if sender == nil {
		return false
	}
	if d.ownerOrGlobalAdmin(*sender) {
		return true
	}
	for _, r := range d.roles {
		if r.User == *sender && r.Role == RoleAdmin && r.AgentGroup != nil && *r.AgentGroup == agentGroup {
			return true
		}
	}
	for _, m := range d.members {
		if m.User == *sender && m.AgentGroup == agentGroup {
			return true
		}
	}
	return false
}

// knownToAny: the messaging-group-level gate runs before the per-wiring
// checks (seed item 1 routing flow step 1), so a sender is known to the
// messaging group when known to at least one agent group wired to it.
func (d directory) knownToAny(sender *string, wirings []Wiring) bool {
	for _, w := range wirings {
		if d.knownTo(sender, w.AgentGroup) {
			return true
		}
	}
	return false
}
