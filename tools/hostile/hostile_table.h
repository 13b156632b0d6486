#pragma once
/// The table of docs/hostile-inputs.md as the hostile-input suite observed it. Tests add rows while they
/// run; at the end of a full run the table is compared with the committed document (or rewritten, with
/// DOCKSIDE_UPDATE_HOSTILE_TABLE=1), so the document always says what the tests saw.

#include <mutex>
#include <string>
#include <vector>

namespace dockside::hostile {

struct Row {
    std::string input;    ///< the hostile input
    std::string mode;     ///< how it was sent (connection, timing, against what)
    std::string outcome;  ///< what happened, as observed
    std::string group;    ///< the GoogleTest suite that sent it (set by Table::add)
};

class Table {
public:
    static Table& instance();
    /// Thread-safe; `group` is taken from the running test.
    void add(Row row);
    std::vector<Row> rows() const;
    /// The whole document: a header naming the command that regenerates it, then the rows grouped
    /// by test suite, in the order they were recorded.
    std::string render() const;

private:
    mutable std::mutex mutex_;
    std::vector<Row> rows_;
};

}  // namespace dockside::hostile
