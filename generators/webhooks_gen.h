#pragma once
/// Webhook subscriptions: the create body (WebhookCreateRequest) and its refusals.

#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

#include "generators/case.h"

namespace dockside::generators {

/// The five documented topics (WH-TOPICS).
const std::vector<std::string>& webhook_topics();

/// A valid create body: an https url, 1 to 5 distinct documented topics, sometimes description and
/// secret (either may be null).
rc::Gen<nlohmann::json> gen_webhook_create();
/// One topic; all five topics.
std::vector<rc::Gen<BoundaryCase>> webhook_create_boundary_cases();
/// An http:// url (WH-HTTPS), an unknown topic and a 2.0 topic name (WH-TOPICS), missing url or
/// topics, topics as a string, the 2.0 body shape (VER-WEBHOOK-SHAPE).
std::vector<rc::Gen<InvalidCase>> webhook_create_invalid_cases();
rc::Gen<InvalidCase> gen_webhook_create_invalid();

}  // namespace dockside::generators
