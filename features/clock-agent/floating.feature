@clock-agent
Feature: Floating times are anchored to the Session TZ before anything is scheduled
  Seed 004 §4.3: "Agents MUST NOT schedule, set reminders, or claim a concrete time from floating
  time unless anchored to Session TZ and converted to an absolute timestamp." A floating time
  ("tomorrow at 9am") is read in the Session TZ — here the user's profile zone, or the thread's
  stored override — DST-aware, and the call carries the absolute instant. The default policy asks
  for confirmation before a reminder (§8.2), so the reminder comes in the turn after the user's yes.

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @req:AGT-CONFIRM-IMPACTFUL @id:clock-agent/floating/oslo-spring-forward
  Scenario: a reminder for tomorrow 9am in Oslo, the night the clocks go forward
    The clock reads Saturday 28 March 2026, 19:00 in Oslo (UTC+1); on Sunday Oslo is UTC+2, so
    9am is 07:00Z — not 09:00Z (UTC) and not 08:00Z (today's offset).
    Given the clock reads "2026-03-28T18:00:00Z"
    And the user's profile zone is "Europe/Oslo"
    When the user says "remind me tomorrow at 9am to call mum"
    Then the agent makes no impactful call
    When the user answers the agent's questions
    Then the conversation's reminders are at "2026-03-29T07:00:00Z"
    And the agent made no impactful call before the user confirmed

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/oslo-winter
  Scenario: a reminder for tomorrow 9am in Oslo in winter
    Given the clock reads "2026-01-15T12:00:00Z"
    And the user's profile zone is "Europe/Oslo"
    When the user says "remind me tomorrow at 9am to call mum"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-01-16T08:00:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/kolkata-half-hour
  Scenario: a half-hour zone: 9am in Kolkata is 03:30Z
    Given the clock reads "2026-06-01T12:00:00Z"
    And the user's profile zone is "Asia/Kolkata"
    When the user says "remind me tomorrow at 9am to submit the report"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-06-02T03:30:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/kathmandu-quarter-hour
  Scenario: a quarter-hour zone: 9am in Kathmandu is 03:15Z
    Given the clock reads "2026-06-01T12:00:00Z"
    And the user's profile zone is "Asia/Kathmandu"
    When the user says "remind me tomorrow at 9am to submit the report"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-06-02T03:15:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/new-york-fall-back
  Scenario: the night New York falls back, tomorrow 9am is at the new offset
    Saturday 31 October 2026 is EDT (UTC−4); Sunday 1 November 9am is EST (UTC−5): 14:00Z.
    Given the clock reads "2026-10-31T16:00:00Z"
    And the user's profile zone is "America/New_York"
    When the user says "remind me tomorrow at 9am to put the bins out"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-11-01T14:00:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/host-zone-is-not-the-session
  Scenario: the host's zone is not the user's
    The agent runs on a host in Tokyo; the user lives in London (BST in July): 9am is 08:00Z.
    Given the clock reads "2026-07-10T10:00:00Z"
    And the host zone is "Asia/Tokyo"
    And the user's profile zone is "Europe/London"
    When the user says "remind me tomorrow at 9am to renew the passport"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T08:00:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @req:AGT-CONFIRM-IMPACTFUL @id:clock-agent/floating/calendar-event-dst-day
  Scenario: a calendar event on the day Chicago moves to daylight time
    Saturday 7 March 2026 is CST (UTC−6); Sunday 8 March 10am is CDT (UTC−5): 15:00Z.
    Given the clock reads "2026-03-07T18:00:00Z"
    And the user's profile zone is "America/Chicago"
    When the user says "schedule a meeting with the team tomorrow at 10am"
    Then the agent makes no impactful call
    When the user answers the agent's questions
    Then the conversation's calendar events start at "2026-03-08T15:00:00Z"
    And the agent made no impactful call before the user confirmed

  @req:AGT-FLOATING-ANCHOR @req:AGT-INFER-CONFIRM @id:clock-agent/floating/no-zone-known
  Scenario: no zone is known: nothing is scheduled until the user says where they are and confirms
    With no profile zone and no override the Session TZ falls back to UTC (§4.2 step 5); the
    agent may ask for the zone or assume UTC and say so, but it schedules nothing in that turn.
    A city the user then names is an inferred zone (§4.2 step 4): confirmed before it is used.
    Given the clock reads "2026-07-10T10:00:00Z"
    And the user has no profile zone
    When the user says "remind me tomorrow at 9am to water the plants"
    Then the agent makes no impactful call
    When the user says "I'm in Oslo"
    Then the agent makes no impactful call
    Given the user is in "Europe/Oslo"
    When the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T07:00:00Z"
    And the agent made no impactful call before the user confirmed

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/relative-needs-no-zone
  Scenario: a relative time needs no zone
    "in 2 hours" names an instant wherever the user is.
    Given the clock reads "2026-07-10T10:00:00Z"
    And the user has no profile zone
    When the user says "remind me in 2 hours to stretch"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-10T12:00:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-TZ-PRECEDENCE @id:clock-agent/floating/stored-override
  Scenario: the thread's stored session zone outranks the profile
    Given the clock reads "2026-07-10T10:00:00Z"
    And the user's profile zone is "Europe/Oslo"
    And the thread's stored session zone is "Asia/Tokyo"
    When the user says "remind me tomorrow at 9am to check out of the hotel"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T00:00:00Z"

  @decision @req:AGT-FLOATING-ANCHOR @id:clock-agent/floating/new-york-gap
  Scenario: 2:30am on the night New York springs forward is 3:30am EDT
    The seed says a conversion "MUST be DST-aware" (§4.4) but not where a local time that never
    happens goes. The kit pins the rule of its parser (RFC 5545 and Temporal's "compatible"): the
    time moves forward by the gap, so 02:30 on 8 March 2026 is 03:30−04:00, 07:30Z.
    Given the clock reads "2026-03-07T18:00:00Z"
    And the user's profile zone is "America/New_York"
    When the user says "remind me tomorrow at 2:30am to check the server"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-03-08T07:30:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/tokyo-early-morning
  Scenario: at 5:30 in Tokyo, "tomorrow" is the day after Tokyo's today, not after UTC's
    The clock reads 20:30Z on 10 July: it is already 11 July, 05:30, in Tokyo. Tomorrow 9am is
    12 July 09:00+09:00, 00:00Z; counted on UTC's calendar it would be a day early (the time-blind
    scripted:utc-calendar is rejected here).
    Given the clock reads "2026-07-10T20:30:00Z"
    And the user's profile zone is "Asia/Tokyo"
    When the user says "remind me tomorrow at 9am to call the hotel"
    Then the agent makes no impactful call
    When the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-12T00:00:00Z"
    And the agent made no impactful call before the user confirmed

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/tokyo-today
  Scenario: at 5:30 in Tokyo, "today at 6pm" is Tokyo's today
    UTC's today is still 10 July: scripted:utc-calendar sets the reminder in the past.
    Given the clock reads "2026-07-10T20:30:00Z"
    And the user's profile zone is "Asia/Tokyo"
    When the user says "remind me today at 6pm to pack"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T09:00:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/los-angeles-evening
  Scenario: at 8pm in Los Angeles, "tomorrow" is the next day in Los Angeles, not two days on
    The clock reads 03:00Z on 11 July: in Los Angeles it is still 10 July, 20:00. Tomorrow 9am is
    11 July 09:00−07:00, 16:00Z; scripted:utc-calendar counts from UTC's 11 July and is a day late.
    Given the clock reads "2026-07-11T03:00:00Z"
    And the user's profile zone is "America/Los_Angeles"
    When the user says "remind me tomorrow at 9am to call the bank"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T16:00:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/after-the-clock-moves
  Scenario: a request made after the clock has moved on is read from the new time
    A day and three hours pass between the first message and the request: "tomorrow" is the
    day after the new today, 12 July in Oslo. An agent that read the clock once and reckons from
    that reading (scripted:stale-clock) is a day early.
    Given the clock reads "2026-07-10T10:00:00Z"
    And the user's profile zone is "Europe/Oslo"
    When the user says "what time is it?"
    And the clock advances by "P1DT3H"
    And the user says "remind me tomorrow at 9am to call mum"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-12T07:00:00Z"

  @req:AGT-FLOATING-ANCHOR @req:AGT-ABSOLUTE-ARGS @id:clock-agent/floating/in-two-hours-after-the-clock-moves
  Scenario: "in 2 hours" after the clock has moved on counts from the new time
    scripted:stale-clock counts from its first reading, five hours early.
    Given the clock reads "2026-07-10T10:00:00Z"
    And the user's profile zone is "Europe/Oslo"
    When the user says "what time is it?"
    And the clock advances by "PT5H"
    And the user says "remind me in 2 hours to stretch"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-10T17:00:00Z"

  @req:AGT-TZ-PRECEDENCE @req:AGT-FLOATING-ANCHOR @id:clock-agent/floating/stated-zone-beats-stored-override
  Scenario: a zone the message states outranks the thread's stored zone
    §4.2: an explicit zone in the message (step 1) outranks the thread's stored override (step 2);
    scripted:override-first reads the time in the stored zone and is rejected.
    Given the clock reads "2026-07-10T10:00:00Z"
    And the user's profile zone is "Europe/Oslo"
    And the thread's stored session zone is "Asia/Tokyo"
    When the user says "remind me tomorrow at 9am New York time to call Joe"
    And the user answers the agent's questions
    Then the conversation's reminders are at "2026-07-11T13:00:00Z"
