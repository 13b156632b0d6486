#pragma once
/// Credentials kept so that checking one takes the same time however much of a guess is right.
///
/// A std::map keyed by the token compares the presented text with stored tokens byte by byte, so the
/// time of a lookup depends on the length of the matching prefix. Here a secret is found by its
/// SHA-256 under a key drawn at random per map (the attacker cannot steer which digest a guess
/// lands on, nor learn anything from how digests compare), and the stored secret is then compared with
/// the presented one in constant time (CRYPTO_memcmp over SHA-256 digests, so not even the length
/// leaks). Constant time by construction, not by measurement.

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>

namespace dockside::refserver {

/// SHA-256 of `key` then `secret`, as raw bytes: a digest keyed by a secret key of fixed length.
std::string keyed_digest(std::string_view key, std::string_view secret);
/// Equality of two secrets in time independent of their content and lengths.
bool secrets_equal(std::string_view a, std::string_view b);
/// A fresh random key (32 bytes); empty when the CSPRNG fails.
std::string random_key();

template <class Value>
class SecretMap {
public:
    SecretMap() : key_(random_key()) {}

    /// Stores `value` under `secret` (replacing an earlier one).
    Value& insert(const std::string& secret, Value value) {
        auto& entry = entries_[keyed_digest(key_, secret)];
        entry = Entry{secret, std::move(value)};
        return entry.value;
    }
    Value* find(std::string_view secret) {
        auto it = entries_.find(keyed_digest(key_, secret));
        return it != entries_.end() && secrets_equal(it->second.secret, secret) ? &it->second.value : nullptr;
    }
    const Value* find(std::string_view secret) const { return const_cast<SecretMap*>(this)->find(secret); }
    std::size_t size() const { return entries_.size(); }

private:
    struct Entry {
        std::string secret;
        Value value;
    };
    std::string key_;
    std::unordered_map<std::string, Entry> entries_;
};

}  // namespace dockside::refserver
