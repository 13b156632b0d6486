#include "generators/pattern_gen.h"

#include <cctype>
#include <memory>
#include <vector>

namespace dockside::generators {

namespace {

// Unbounded quantifiers repeat at most this many extra times: enough to show repetition works,
// small enough to keep bodies short.
constexpr int kMaxExtraRepeats = 3;

struct Alternation;

/// One quantified atom: a set of single characters, or a parenthesised alternation.
struct Term {
    std::vector<char> chars;              ///< a literal or class; empty when `group` is set
    std::shared_ptr<Alternation> group;
    int min = 1;
    int max = 1;
};

using Sequence = std::vector<Term>;

struct Alternation {
    std::vector<Sequence> branches;
};

const std::string kDigits = "0123456789";
const std::string kWord = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_";
const std::string kAny = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

class Parser {
public:
    explicit Parser(std::string_view pattern) : text_(pattern) {}

    Result<Alternation, std::string> parse(bool& open_end) {
        if (peek('^')) ++pos_;
        Alternation root = alternation();
        if (pos_ < text_.size() && text_[pos_] == '$') {
            ++pos_;
            open_end = false;
        } else {
            open_end = true;
        }
        if (!error_.empty()) return fail(error_);
        if (pos_ != text_.size()) return fail(problem("unexpected character"));
        return root;
    }

private:
    bool peek(char c) const { return pos_ < text_.size() && text_[pos_] == c; }

    std::string problem(const std::string& what) const {
        return "pattern \"" + std::string(text_) + "\": " + what + " at position " + std::to_string(pos_);
    }

    void set_error(const std::string& what) {
        if (error_.empty()) error_ = problem(what);
    }

    Alternation alternation() {
        Alternation out;
        out.branches.push_back(sequence());
        while (error_.empty() && peek('|')) {
            ++pos_;
            out.branches.push_back(sequence());
        }
        return out;
    }

    Sequence sequence() {
        Sequence out;
        while (error_.empty() && pos_ < text_.size() && !peek('|') && !peek(')')) {
            if (peek('$') && pos_ + 1 == text_.size()) break;  // the end anchor, handled by parse()
            Term term = atom();
            quantifier(term);
            out.push_back(std::move(term));
        }
        return out;
    }

    Term atom() {
        Term term;
        char c = text_[pos_++];
        switch (c) {
            case '(':
                if (peek('?')) {
                    if (pos_ + 1 < text_.size() && text_[pos_ + 1] == ':') {
                        pos_ += 2;
                    } else {
                        set_error("look-arounds and named groups are not supported");
                        return term;
                    }
                }
                term.group = std::make_shared<Alternation>(alternation());
                if (!peek(')')) set_error("missing ')'");
                else ++pos_;
                return term;
            case '[': term.chars = char_class(); return term;
            case '.': term.chars.assign(kAny.begin(), kAny.end()); return term;
            case '\\': term.chars = escape(); return term;
            case '*': case '+': case '?': case '{': case ')': case '^': case '$':
                set_error(std::string("unexpected '") + c + "'");
                return term;
            default: term.chars = {c}; return term;
        }
    }

    std::vector<char> escape() {
        if (pos_ >= text_.size()) {
            set_error("dangling '\\'");
            return {};
        }
        char c = text_[pos_++];
        switch (c) {
            case 'd': return {kDigits.begin(), kDigits.end()};
            case 'w': return {kWord.begin(), kWord.end()};
            case 's': return {' '};
            case 'n': return {'\n'};
            case 't': return {'\t'};
            default:
                if (std::isalnum(static_cast<unsigned char>(c))) {
                    set_error(std::string("escape \\") + c + " is not supported");
                    return {};
                }
                return {c};
        }
    }

    std::vector<char> char_class() {
        std::vector<char> out;
        if (peek('^')) {
            set_error("negated classes are not supported");
            return out;
        }
        while (error_.empty() && pos_ < text_.size() && !peek(']')) {
            char c = text_[pos_++];
            if (c == '\\') {
                auto escaped = escape();
                out.insert(out.end(), escaped.begin(), escaped.end());
                continue;
            }
            if (peek('-') && pos_ + 1 < text_.size() && text_[pos_ + 1] != ']') {
                char last = text_[pos_ + 1];
                pos_ += 2;
                if (last < c) set_error("reversed range");
                for (int x = c; x <= last; ++x) out.push_back(static_cast<char>(x));
                continue;
            }
            out.push_back(c);
        }
        if (!peek(']')) set_error("missing ']'");
        else ++pos_;
        if (out.empty()) set_error("empty class");
        return out;
    }

    void quantifier(Term& term) {
        if (pos_ >= text_.size()) return;
        char c = text_[pos_];
        if (c == '*' || c == '+' || c == '?') {
            ++pos_;
            term.min = c == '+' ? 1 : 0;
            term.max = c == '?' ? 1 : term.min + kMaxExtraRepeats;
        } else if (c == '{') {
            ++pos_;
            term.min = number();
            term.max = term.min;
            if (peek(',')) {
                ++pos_;
                term.max = peek('}') ? term.min + kMaxExtraRepeats : number();
            }
            if (!peek('}')) set_error("malformed {n,m}");
            else ++pos_;
            if (term.max < term.min) set_error("{n,m} with m < n");
        } else {
            return;
        }
        if (peek('?') || peek('+')) set_error("lazy and possessive quantifiers are not supported");
    }

    int number() {
        int value = 0;
        bool any = false;
        while (pos_ < text_.size() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
            value = value * 10 + (text_[pos_++] - '0');
            any = true;
            if (value > 1000) {
                set_error("repeat count too large");
                return 0;
            }
        }
        if (!any) set_error("number expected");
        return value;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::string error_;
};

// Drawn inside gen::exec, so every choice is a RapidCheck choice: deterministic under the seed and
// shrinkable.
void draw(const Alternation& alternation, std::string& out);

void draw(const Term& term, std::string& out) {
    int count = term.min == term.max ? term.min : *rc::gen::inRange(term.min, term.max + 1);
    for (int i = 0; i < count; ++i) {
        if (term.group) draw(*term.group, out);
        else out.push_back(*rc::gen::elementOf(term.chars));
    }
}

void draw(const Alternation& alternation, std::string& out) {
    const auto& branch = alternation.branches.size() == 1
                             ? alternation.branches.front()
                             : alternation.branches[*rc::gen::inRange<std::size_t>(0, alternation.branches.size())];
    for (const auto& term : branch) draw(term, out);
}

}  // namespace

Result<PatternGen, std::string> gen_matching(std::string_view pattern) {
    bool open_end = false;
    auto parsed = Parser(pattern).parse(open_end);
    if (!parsed) return fail(parsed.error());
    auto root = std::make_shared<const Alternation>(std::move(parsed).value());
    PatternGen out{rc::gen::exec([root] {
                       std::string text;
                       draw(*root, text);
                       return text;
                   }),
                   open_end};
    return out;
}

}  // namespace dockside::generators
