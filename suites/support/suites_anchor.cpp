// Keeps the dockside_suites object library non-empty while no suites/<area>_suite.cpp exists yet, so the
// targets that link it still build.
namespace dockside::suites {
/// Referenced by nothing; exists only so this translation unit has a symbol.
extern const int kSuitesAnchor = 0;
}  // namespace dockside::suites
