include(GoogleTest)

# dockside_add_gtest(NAME name SOURCES a.cpp ... LIBS lib ... [COST seconds])
# One test executable; each GoogleTest case becomes its own ctest entry. COST, the seconds its tests take
# about, lets ctest start them first on a build folder that has no timings of its own yet (a fresh machine):
# started last, a long test would leave one core idle at the end.
function(dockside_add_gtest)
  cmake_parse_arguments(ARG "" "NAME;COST" "SOURCES;LIBS" ${ARGN})
  add_executable(${ARG_NAME} ${ARG_SOURCES})
  target_link_libraries(${ARG_NAME} PRIVATE ${ARG_LIBS} GTest::gtest GTest::gtest_main GTest::gmock)
  target_compile_definitions(${ARG_NAME} PRIVATE DOCKSIDE_SPECS_DIR="${DOCKSIDE_SPECS_DIR}")
  set(cost)
  if(ARG_COST)
    set(cost COST ${ARG_COST})
  endif()
  gtest_discover_tests(${ARG_NAME} DISCOVERY_TIMEOUT 60 PROPERTIES TIMEOUT 300 ${cost})
endfunction()
