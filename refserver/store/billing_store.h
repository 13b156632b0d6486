#pragma once
/// Billing data: transactions, invoices and fee names. Seeded dates are relative to the server
/// clock ("days_ago"), so they are fixed the first time billing is read, under a once-flag, which
/// keeps concurrent readers (billing reads hold the store lock shared) safe.

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "refserver/core/clock.h"

namespace dockside::refserver {

inline const std::vector<std::string> kTransactionTypes = {"Charge", "Refund", "Credit", "Payment", "BalanceAdjustment"};
inline const std::vector<std::string> kReferenceTypes = {"Shipment", "Return", "WRO", "URO"};

struct TransactionRecord {
    nlohmann::json body;  ///< response shape (Transaction)
    TimePoint charged;    ///< midnight UTC of charge_date; filters compare this instant
    std::int64_t invoice_id = 0;  ///< 0 when not invoiced
};

struct InvoiceRecord {
    std::int64_t id = 0;
    TimePoint date;
    std::string type;
    std::string currency_code = "USD";
    double amount = 0;  ///< sum of its transactions
};

struct BillingState {
    nlohmann::json seed = nlohmann::json::object();  ///< the `billing` section as seeded
    std::vector<TransactionRecord> transactions;
    std::vector<InvoiceRecord> invoices;
    std::vector<std::string> fees;

    /// Turns the seed into records with dates relative to `now`; only the first call does anything.
    void materialize(TimePoint now);
    const InvoiceRecord* invoice(std::int64_t id) const;

private:
    std::once_flag once_;
};

/// Midnight UTC of the day `t` falls on.
TimePoint start_of_day(TimePoint t);
/// "YYYY-MM-DD".
std::string format_date(TimePoint t);

}  // namespace dockside::refserver
