# The Debian package of `dockside` for those who only run it: tools/package-deb makes it. CPack packs a
# staging tree made beforehand with `cmake --install` (DESTDIR=STAGING, prefix /usr) instead of installing
# the project itself, which would first build every target, tests included; the package holds exactly what
# `dockside`'s install rules put there: /usr/bin/dockside, its spec data in /usr/share/dockside/specs (found
# beside the binary, specs/loader/spec_location.h) and the README and docs in /usr/share/doc/dockside.
set(DOCKSIDE_PACKAGE_STAGING ${CMAKE_BINARY_DIR}/package-staging CACHE PATH
    "The tree `cmake --install` writes for CPack to pack (tools/package-deb)")

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME dockside)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "Dockside maintainers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "contract-conformance and load-test harness for the Fulfillment Service API 2025-07")
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
    "Dockside checks a Fulfillment Service API server against its contract (dockside conform), loads it\n\
at a chosen rate with thresholds (dockside load), compares runs and writes one HTML report of them. It\n\
ships the reference server (dockside serve) and the contract's data.")
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)   # dockside_VERSION_ARCH.deb
# Depends: from the libraries the packed binary links, as dpkg-shlibdeps finds them on the building
# machine (libc6, libgcc-s1, libssl3, libstdc++6, libyaml-cpp0.7, zlib1g on Debian 12).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_INSTALL_CMAKE_PROJECTS "")
set(CPACK_INSTALLED_DIRECTORIES "${DOCKSIDE_PACKAGE_STAGING};/")
set(CPACK_PACKAGE_DIRECTORY ${CMAKE_BINARY_DIR}/package)
include(CPack)
