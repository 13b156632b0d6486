#pragma once
/// Webhook subscriptions: the create body (WebhookCreateRequest).

#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <rapidcheck.h>

namespace dockside::generators {

/// The documented topics (WH-TOPICS), read from the run's spec.
std::vector<std::string> webhook_topics();

/// A valid create body: an https url, 1 to 5 distinct documented topics, sometimes description and
/// secret (either may be null).
rc::Gen<nlohmann::json> gen_webhook_create();

}  // namespace dockside::generators
