#pragma once
/// The stances of the rules data (specs/rules.yaml not_shown) that say which status a refusal has: the
/// profile in force gives each one's code (the strict profile the reference server's: 401, 404, 409, ...),
/// the default profile none (any 4xx). The suites name the stance; the code is typed once, in the profile.

#include "harness/conform/suite_api.h"

namespace dockside::suites {

/// A missing or invalid bearer token.
inline constexpr conform::RefusalStance kUnauthenticated{"NS-VALIDATION-STATUS", "unauthenticated_code"};
/// A record that does not exist.
inline constexpr conform::RefusalStance kMissing{"NS-MISSING-STATUS"};
/// A token or channel without the scope the operation needs (a write naming a read-only channel).
inline constexpr conform::RefusalStance kForbidden{"NS-SCOPES-PER-ENDPOINT"};
/// An order create whose reference_id is already used.
inline constexpr conform::RefusalStance kDuplicateReference{"NS-DUPLICATE-REFERENCE-STATUS"};
/// A return create listing a digital product or a bundle.
inline constexpr conform::RefusalStance kReturnDigitalOrBundle{"NS-RET-DIGITAL-STATUS"};
/// A change to a return that is no longer AwaitingArrival.
inline constexpr conform::RefusalStance kReturnFrozen{"NS-RET-FROZEN-STATUS"};
/// A write without the channel header where the contract requires it.
inline constexpr conform::RefusalStance kChannelHeaderMissing{"NS-CHANNEL-HEADER-OTHER"};

}  // namespace dockside::suites
