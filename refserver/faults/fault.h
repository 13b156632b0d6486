#pragma once
/// Named deliberate violations of the contract. Each one breaks exactly one rule of RULES.md at the
/// place where the correct behaviour happens, so a conformance check can be proven to fire.
/// To add one: a value here and its row in faults/catalog.cpp (a test checks they match).

#include <cstddef>
#include <set>
#include <string>
#include <vector>

#include "core/result.h"

namespace dockside::refserver {

enum class Fault {
    // Authentication
    AuthBearerNoTokenCheck,
    AuthForbidNoScopeCheck,
    AuthChannelNoChannelCheck,
    AuthLifetimeAccessNeverExpires,
    AuthRefreshOldStillValid,
    AuthAuthorizeStateNotEchoed,
    AuthTokenRefreshWithoutOffline,
    AuthExpiredAnswers403,
    AuthScopesUndocumentedName,
    // Conventions and errors
    ConvJsonWrongContentType,
    ConvFieldsOrderMissingCreatedDate,
    ConvTypesOrderIdAsString,
    ConvTypesBadDatetime,
    ErrCodesOrderCreate200,
    ErrNo5xxSporadic500,
    Err4xxMalformedJson500,
    ConvCaseOrderNumberCamelCase,
    ConvOpsStoreOrderJsonPostUnserved,
    ConvPathListOrdersUnversioned,
    ErrNoSideRejectedCreateStored,
    // Channels
    ChannelListRecordsPerPageIgnored,
    // Orders
    OrderGiftMessage501,
    OrderGiftMessage500Refused,
    OrderNumber401,
    OrderReference301,
    OrderReferenceEmpty,
    OrderOrigin101,
    OrderSalesChannel101,
    OrderEmptyProducts,
    OrderReferenceDuplicate,
    OrderNumberNoDefault,
    OrderStatusOutsideSet,
    OrderListLimitIgnored,
    OrderListOverlappingPages,
    OrderListReferenceIdsIgnored,
    OrderListTrackingRangeUntracked,
    OrderCreatedMissingFromList,
    OrderCancelShippedSucceeds,
    OrderEstimateMethodsIgnored,
    OrderShipmentIgnoresOrderId,
    OrderCreatedAnswersIdOnly,
    OrderEstimateAddressOptional,
    OrderGetWrongRecord,
    OrderListWrappedInObject,
    OrderLocationIgnored,
    OrderProductNameOptional,
    OrderShipMethodEmptyAccepted,
    OrderTypeOutsideSetAccepted,
    OrderShipmentNamesAnotherOrder,
    // Shipments
    ShipmentStatusOutsideSet,
    ShipmentCancelUnserved,
    ShipmentGiftMessage501,
    // Versioning
    VersionServesOldPaths,
    VersionServesStatusHistory,
    VersionReturnListBareArray,
    VersionInvoicesUnserved,
    // Returns
    ReturnDuplicateIdsAccepted,
    ReturnDigitalAccepted,
    ReturnBundleAccepted,
    ReturnCancelInProcessing,
    ReturnCancelStatusUnchanged,
    ReturnListCursorOverlap,
    ReturnListStatusFilterIgnored,
    ReturnCreate201,
    ReturnCancelArrivedSucceeds,
    ReturnSecondActionAccepted,
    ReturnChannelHeaderOptional,
    ReturnStatusOutsideSet,
    ReturnTrackingRequired,
    // Billing
    BillingBodyWinsOverCursor,
    BillingPageSize1001,
    BillingInvoicedStatusIgnored,
    BillingDefaultRangeThirtyDays,
    BillingSortOrderIgnored,
    BillingInvoiceTxDefaultAscending,
    BillingReferenceTypeOutsideSet,
    // Webhooks
    WebhookAcceptsHttp,
    WebhookDelete404,
    WebhookIdAsInteger,
    WebhookWrongSignature,
    WebhookCreateChannelRequired,
    WebhookDeleteKept,
    WebhookDeliveryWrongContentType,
    WebhookListRecordsPerPageIgnored,
    WebhookOnHoldTopicRejected,
    // Products and variants
    ErrCodesVariantCreate200,
    ErrCodesMerge200,
    ProductPatchReplacesUnsupplied,
    ProductVariantsUpdateStatusOutOfRange,
    ProductMetaAddRecordMissing,
    ProductMetaDeleteRecordKept,
    ProductDeleteStillListed,
    ProductShapesWeightAsNumber,
    ProductMergeAnswersVariant,
    ProductVariantsCreateAnswerStale,
    // Locations
    LocationReceivingEnabledIgnored,
    LocationInactiveAlwaysIncluded,
    // Inventory
    InventoryIsDigitalIgnored,
    // Receiving
    WroListExternalSyncIgnored,
    WroListStatusesIgnored,
    WroStatusOutsideSet,
    WroGetWrongRecord,
    WroCancelStatusUnchanged,
    // Stances: what the document leaves open, changed from what the reference server's stance says. A
    // conformance run passes them (any 4xx, any error body); a strict or learned profile, or a diff, does not.
    StanceValidation422,
    StanceErrorBodyMessageOnly,
    StanceListNewestFirst,
    StanceNullLinksLeftOut,
    StanceTokenCacheable,
    // Keep last: the number of faults.
    Count
};

/// One catalog row: what the fault breaks and where the document states it.
struct FaultInfo {
    Fault fault;
    std::string name;         ///< "<RULE-ID>.<what goes wrong>", the name given on the command line
    std::string rule_id;      ///< the RULES.md id it violates
    std::string area;         ///< auth, conventions, channels, orders, shipments, versioning, ...
    std::string section;      ///< heading of the API document that states the rule
    std::string description;  ///< observable behaviour while the fault is on
};

/// Every fault, in enum order.
const std::vector<FaultInfo>& fault_catalog();
const FaultInfo& fault_info(Fault fault);

/// The faults switched on for one server; all off by default.
class FaultSet {
public:
    FaultSet();
    /// The set naming exactly these faults; an unknown name is an error listing the valid names.
    static Result<FaultSet, std::string> from_names(const std::set<std::string>& names);

    bool on(Fault fault) const { return on_[static_cast<std::size_t>(fault)]; }
    void set(Fault fault, bool value = true) { on_[static_cast<std::size_t>(fault)] = value; }
    /// Names of the faults switched on, in catalog order.
    std::vector<std::string> names() const;

private:
    std::vector<bool> on_;
};

}  // namespace dockside::refserver
