#pragma once
/// Webhook subscriptions: the create body (WebhookCreateRequest) and its refusals.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/case.h"

namespace dockside::generators {

/// The documented topics (WH-TOPICS), read from the run's spec.
std::vector<std::string> webhook_topics();

/// A valid create body: an https url, 1 to 5 distinct documented topics, sometimes description and
/// secret (either may be null).
rc::Gen<nlohmann::json> gen_webhook_create();
/// One topic; every documented topic.
std::vector<rc::Gen<BoundaryCase>> webhook_create_boundary_cases();
/// An http:// url (WH-HTTPS), a 2.0 topic name (WH-TOPICS), missing url or topics, topics as a string,
/// the 2.0 body shape (VER-WEBHOOK-SHAPE). No unknown topic: the list is open (NS-WH-TOPIC-LIST), so
/// refusing or accepting another topic is not a finding.
std::vector<rc::Gen<InvalidCase>> webhook_create_invalid_cases();
rc::Gen<InvalidCase> gen_webhook_create_invalid();

}  // namespace dockside::generators
