#include "tools/dockside/accept_output.h"

#include <fstream>
#include <iostream>

namespace dockside::cli {

void print_accept_audit(const conform::AcceptAudit& audit, bool rewriting) {
    if (audit.stale.empty()) return;
    std::cout << "\naccept file " << audit.file << ": " << audit.stale.size() << " of its " << audit.entries
              << " entries no longer occur (stale):\n";
    for (const auto& entry : audit.stale) std::cout << "  " << entry.key << "  (" << entry.why << ")\n";
    if (!rewriting)
        std::cout << "  `--accept " << audit.file << " --write-accept " << audit.file << "` rewrites it without them\n";
}

bool write_accept_file(const conform::RunResults& results, const std::string& path, const std::string& accept_text) {
    std::vector<conform::Finding> findings;
    for (const auto& test : results.tests) findings.insert(findings.end(), test.findings.begin(), test.findings.end());
    const auto rewritten = conform::rewrite_accept_file(
        accept_text, results.accept ? results.accept->stale : std::vector<conform::StaleAccept>{}, findings,
        "added by the run of " + results.meta.started_at + " (seed " + std::to_string(results.meta.seed) + ")");
    std::ofstream out(path);
    out << rewritten.text;
    if (!out) return false;
    if (results.accept)
        std::cout << "wrote " << path << ": " << rewritten.dropped << " stale dropped, " << rewritten.added
                  << " new added, " << rewritten.total << " entries\n";
    return true;
}

}  // namespace dockside::cli
