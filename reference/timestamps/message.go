package timestamps

import "time"

// Message is one row of the chat as the seed reads it: created_at, content,
// the agent that wrote it (if any) and the human user who wrote it (if any).
// A message is human when it has a user (the seed's user_id is not nil).
type Message struct {
	At      time.Time
	Content *string // nil behaves like an empty string: blank
	Agent   *Agent
	User    *User
}

// Agent is a message's agent: its id (compared with the current agent's id)
// and the name other agents see.
type Agent struct {
	ID   string
	Name string
}

// User is a message's human author as the seed reads it when the context is
// built: the profile's current time zone setting and the names.
type User struct {
	Timezone     *string
	FullName     *string
	EmailAddress *string
}

// ContextMessage is one entry of the context an agent reads.
type ContextMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}
