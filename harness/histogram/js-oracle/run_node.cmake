# cmake -DNODE=... -DORACLE_DIR=... [-DARGS="command;dir;..."] -P run_node.cmake
#
# Runs the hdr-histogram-js oracle after making sure node and its npm dependency are there, so a
# machine without them fails with what to do instead of a stack trace. Without ARGS it only makes that
# check (the ctest fixture that guards the oracle tests).
if(NOT NODE OR NODE MATCHES "-NOTFOUND$")
  message(FATAL_ERROR "node was not found when CMake configured: install Node.js (run tools/bootstrap) and re-run cmake")
endif()
if(NOT EXISTS "${ORACLE_DIR}/node_modules/hdr-histogram-js/package.json")
  message(FATAL_ERROR "${ORACLE_DIR}/node_modules is missing: run tools/bootstrap (it runs npm ci --prefix harness/histogram/js-oracle)")
endif()
if(NOT ARGS)
  return()
endif()
execute_process(COMMAND "${NODE}" "${ORACLE_DIR}/oracle.mjs" ${ARGS} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "oracle.mjs ${ARGS} failed (exit ${rc})")
endif()
