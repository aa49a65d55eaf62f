@clock-core @section:7
Feature: What a linked person keeps of its identities' settings
  §7.0: identities MAY be linked across channels (manual, user-approved), and then share one user
  policy. How the identities' policy overrides and calibration merge is pinned here.

  @decision @req:CLK-IDENTITY-LINK @id:clock-core/link-merge/settings
  Scenario: the person takes the first policy overrides given and each activity's latest calibration
    §7.0 says only that linked identities are used "under the same user policy"; it leaves open
    which identity's settings the person keeps. The first identity, in the order given, that has
    policy overrides gives them, and each activity keeps the calibration updated last.
    When I call "clock-core.link_identities" with:
      """json
      {"state": {"version": 3,
         "users": {
           "user:whatsapp:ryan": {
             "calibration": {"activity_overrides": {
               "gym": {"typical_minutes": 60, "max_minutes": 90, "updated_iso": "2026-02-01T10:00:00Z"}}}},
           "user:telegram:ryan": {
             "policy_overrides": {"mode": "light"},
             "calibration": {"activity_overrides": {
               "gym": {"typical_minutes": 45, "max_minutes": 75, "updated_iso": "2026-02-05T10:00:00Z"},
               "commute": {"typical_minutes": 30, "max_minutes": 50, "updated_iso": "2026-01-20T08:00:00Z"}}}}}},
       "person": "ryan",
       "identities": [{"channel": "whatsapp", "user_id": "ryan"}, {"channel": "telegram", "user_id": "ryan"}],
       "approved": true}
      """
    Then the output is:
      """json
      {"person_key": "person:ryan", "linked": ["user:whatsapp:ryan", "user:telegram:ryan"],
       "state": {"version": 3,
         "identity_links": {"user:whatsapp:ryan": "person:ryan", "user:telegram:ryan": "person:ryan"},
         "users": {"person:ryan": {
             "policy_overrides": {"mode": "light"},
             "calibration": {"activity_overrides": {
               "gym": {"typical_minutes": 45, "max_minutes": 75, "updated_iso": "2026-02-05T10:00:00Z"},
               "commute": {"typical_minutes": 30, "max_minutes": 50, "updated_iso": "2026-01-20T08:00:00Z"}}}}},
         "threads": {}}}
      """
