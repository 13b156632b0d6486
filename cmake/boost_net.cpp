// The non-template code of Asio (with its SSL support) and Beast, compiled once for the whole program:
// every other unit is built with BOOST_ASIO_SEPARATE_COMPILATION and BOOST_BEAST_SEPARATE_COMPILATION
// (the dockside::boost_net target carries both).
#include <boost/asio/impl/src.hpp>
#include <boost/asio/ssl/impl/src.hpp>
#include <boost/beast/src.hpp>
