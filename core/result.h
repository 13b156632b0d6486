#pragma once
/// A value or the error that prevented it: errors travel as values, never as exceptions across
/// component boundaries (STYLE: "errors are values with context").

#include <cassert>
#include <utility>
#include <variant>

namespace dockside {

template <class E>
struct Failure {
    E error;
};

/// Wraps an error so a function returning Result<T, E> can `return fail(error);`.
template <class E>
Failure<E> fail(E error) {
    return Failure<E>{std::move(error)};
}

template <class T, class E>
class Result {
public:
    Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
    Result(Failure<E> failure) : state_(std::in_place_index<1>, std::move(failure.error)) {}

    explicit operator bool() const { return state_.index() == 0; }
    bool ok() const { return state_.index() == 0; }

    T& value() & { assert(ok()); return std::get<0>(state_); }
    const T& value() const& { assert(ok()); return std::get<0>(state_); }
    T&& value() && { assert(ok()); return std::get<0>(std::move(state_)); }

    const E& error() const { assert(!ok()); return std::get<1>(state_); }

    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

private:
    std::variant<T, E> state_;
};

}  // namespace dockside
