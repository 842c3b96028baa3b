// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "redactor.h"

#include "naturalorder.h"

#include <QRegularExpression>
#include <QSet>
#include <algorithm>

using namespace Qt::StringLiterals;

namespace rankscope::report {

namespace {

// NOTE: text is indexed through data() rather than operator[], which asserts on every call in
// debug builds and made learning from a large bundle several times slower.
bool isDigit(QChar c)
{
    return c.unicode() >= '0' && c.unicode() <= '9';
}
bool isWord(QChar c)
{
    return c.isLetterOrNumber();
}
// Characters a host or user name token is made of; '.', '-' and '_' also end a shorter candidate.
bool isRunChar(QChar c)
{
    return isWord(c) || c == u'.' || c == u'-' || c == u'_';
}
bool isSeparator(QChar c)
{
    return c == u'.' || c == u'-' || c == u'_';
}

// A host or user name starts after anything but a letter, digit, '.' or '-' (so "x.node-1" and
// "my-node-1" are other names), but may follow '_' ("rank0_gpu-a01.log").
bool isTokenStart(QStringView s, qsizetype i)
{
    if (!isWord(s.data()[i]))
        return false;
    if (i == 0)
        return true;
    const QChar p = s.data()[i - 1];
    return !isWord(p) && p != u'.' && p != u'-';
}

// An address starts after anything but a word character or '.' ("1.10.0.0.12" is a version), and
// not after a pip version specifier ("nvidia-cublas-cu12==12.4.5.8").
bool addressMayStart(QStringView s, qsizetype i)
{
    if (i == 0)
        return true;
    const QChar p = s.data()[i - 1];
    if (isWord(p) || p == u'.')
        return false;
    if (p == u'=' && i >= 2) {
        const QChar q = s.data()[i - 2];
        if (q == u'=' || q == u'<' || q == u'>' || q == u'~' || q == u'!')
            return false;
    }
    return true;
}

bool addressMayEnd(QStringView s, qsizetype end)
{
    if (end >= s.size())
        return true;
    const QChar c = s.data()[end];
    if (isWord(c) || c == u'_')
        return false;
    return !(c == u'.' && end + 1 < s.size() && isDigit(s.data()[end + 1]));
}

// Four dotted decimal octets at i; *end is one past the last digit.
bool parseAddress(QStringView s, qsizetype i, qsizetype *end, quint32 *address)
{
    quint32 value = 0;
    qsizetype p = i;
    for (int part = 0; part < 4; ++part) {
        if (part > 0) {
            if (p >= s.size() || s.data()[p] != u'.')
                return false;
            ++p;
        }
        int digits = 0;
        int octet = 0;
        while (p < s.size() && isDigit(s.data()[p]) && digits < 3) {
            octet = octet * 10 + (s.data()[p].unicode() - '0');
            ++p;
            ++digits;
        }
        if (digits == 0 || octet > 255)
            return false;
        value = (value << 8) | quint32(octet);
    }
    if (p < s.size() && isDigit(s.data()[p]))
        return false;
    *end = p;
    *address = value;
    return true;
}

// Unspecified, loopback and broadcast addresses identify nothing and read better as they are.
bool isIdentifying(quint32 a)
{
    return a != 0 && (a >> 24) != 127 && a != 0xffffffffu;
}

QString addressString(quint32 a)
{
    return u"%1.%2.%3.%4"_s.arg(a >> 24).arg((a >> 16) & 0xff).arg((a >> 8) & 0xff).arg(a & 0xff);
}

bool parseWholeAddress(const QString &s, quint32 *address)
{
    qsizetype end = 0;
    return parseAddress(s, 0, &end, address) && end == s.size();
}

qsizetype runEnd(QStringView s, qsizetype i)
{
    qsizetype e = i;
    while (e < s.size() && isRunChar(s.data()[e]))
        ++e;
    return e;
}

// Trailing punctuation of a sentence or list is not part of a name.
qsizetype trimRun(QStringView s, qsizetype i, qsizetype e)
{
    while (e > i && isSeparator(s.data()[e - 1]))
        --e;
    return e;
}

bool followsHomeDirectory(QStringView s, qsizetype i)
{
    return (i >= 6 && s.mid(i - 6, 6) == u"/home/") || (i >= 7 && s.mid(i - 7, 7) == u"/Users/");
}

bool followsUserVariable(QStringView s, qsizetype i)
{
    for (QStringView key :
        { QStringView(u"USER="), QStringView(u"user="), QStringView(u"LOGNAME="), QStringView(u"SUDO_USER=") }) {
        if (i >= key.size() && s.mid(i - key.size(), key.size()) == key)
            return i == key.size() || !isWord(s.data()[i - key.size() - 1]);
    }
    return false;
}

// Accounts and directory names that name no person.
bool isUserName(const QString &name)
{
    static const QSet<QString> notPeople = { u"root"_s, u"nobody"_s, u"user"_s, u"users"_s, u"shared"_s, u"public"_s,
        u"common"_s, u"data"_s, u"scratch"_s, u"tmp"_s, u"home"_s, u"default"_s };
    return !name.isEmpty() && (name.at(0).isLetter() || name.at(0) == u'_') && !notPeople.contains(name);
}

bool isHostName(const QString &name)
{
    if (name.size() < 2 || name == u"localhost"_s)
        return false;
    bool letter = false;
    for (QChar c : name) {
        if (!(isWord(c) || c == u'-' || c == u'.' || c == u'_'))
            return false;
        letter |= c.isLetter();
    }
    return letter;
}

// "gpu-a01.cluster.local" is a host; "gpu-a01.log" or "gpu-a01.stdout.txt" is a file.
bool isDomainSuffix(QStringView suffix)
{
    static const QSet<QString> fileExtensions = { u"log"_s, u"txt"_s, u"json"_s, u"out"_s, u"err"_s, u"gz"_s, u"zst"_s,
        u"xz"_s, u"tar"_s, u"tgz"_s, u"zip"_s, u"csv"_s, u"yaml"_s, u"yml"_s, u"md"_s, u"html"_s, u"pdf"_s, u"png"_s,
        u"sqlite"_s, u"db"_s, u"py"_s, u"sh"_s, u"trace"_s, u"bak"_s, u"old"_s, u"tmp"_s, u"stdout"_s, u"stderr"_s,
        u"rscase"_s, u"so"_s, u"cc"_s, u"cpp"_s };
    const QList<QStringView> labels = suffix.split(u'.');
    for (QStringView l : labels) {
        if (l.isEmpty() || !l.front().isLetter())
            return false;
        for (QChar c : l) {
            if (!(isWord(c) || c == u'-'))
                return false;
        }
    }
    return !fileExtensions.contains(labels.back().toString());
}

QString numbered(const QString &prefix, qsizetype n, qsizetype count)
{
    const int width = std::max(2, int(QString::number(count).size()));
    return prefix + QString::number(n).rightJustified(width, u'0');
}


// Secrets are replaced, never numbered: nobody needs to tell two tokens apart in a report, and a
// numbered alias would say how many there were. The key of a key=value pair stays ("HF_TOKEN=")
// because it says what was removed. One alternation, so each text is scanned once.
const QRegularExpression &secretPattern()
{
    static const QRegularExpression re(uR"((?<url>\b[A-Za-z][A-Za-z0-9+.-]*://)[^\s:/@]+:[^\s@/]+@)"
                                       uR"(|(?<auth>(?i:\b(?:bearer|basic))\s+)[A-Za-z0-9._~+/-]{8,}=*)"
                                       uR"(|(?<key>(?i:\b[A-Za-z0-9_.-]*(?:token|secret|password|passwd|api[_-]?key|access[_-]?key|private[_-]?key|_key))["']?\s*[:=]\s*["']?)[^\s"',;}&]{4,})"
                                       uR"(|\b(?:AKIA|ASIA|AIDA|AROA|AGPA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b)"
                                       uR"(|\b(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}|hf_[A-Za-z0-9]{30,}|xox[abposr]-[A-Za-z0-9-]{10,})\b)"
                                       uR"(|\beyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,})"_s);
    return re;
}

// Identifiers that are numbered like host names: e-mail addresses, MAC addresses (six hex pairs,
// ':' or '-' throughout) and IPv6 candidates (validated by isIpv6, since "10:22:33" or
// "c10d::" must stay). An IPv6 address may follow "eth0:" as NCCL prints it.
const QRegularExpression &identifierPattern()
{
    static const QRegularExpression re(uR"((?<email>\b[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}\b))"
                                       uR"(|(?<mac>(?<![\w:-])[0-9A-Fa-f]{2}([:-])[0-9A-Fa-f]{2}(?:\g{-1}[0-9A-Fa-f]{2}){4}(?![\w:-])))"
                                       uR"(|(?<ip6>(?:(?<![\w.:])|(?<=[A-Za-z0-9]:))(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?:%[A-Za-z0-9_.]+)?(?![\w:])))"_s);
    return re;
}

// A candidate is IPv6 when it has eight groups, or fewer with exactly one "::"; loopback and the
// unspecified address identify nothing.
bool isIpv6(QStringView s)
{
    if (const qsizetype pct = s.indexOf(u'%'); pct >= 0)
        s = s.left(pct);
    const qsizetype gap = s.indexOf(u"::");
    if (gap >= 0 && s.indexOf(u"::", gap + 1) >= 0)
        return false;
    int groups = 0;
    bool digit = false;
    for (QStringView g : s.split(u':')) {
        if (g.isEmpty())
            continue;
        ++groups;
        for (QChar c : g)
            digit |= isDigit(c);
    }
    if (s == u"::1" || s == u"::" || !digit)
        return false;
    if (gap < 0)
        return groups == 8 && !s.startsWith(u':') && !s.endsWith(u':');
    return groups >= 2 && groups <= 7;
}

// Labels that end a host name rather than a Python module or a file ("torch.distributed" and
// "model.pt" are neither). Deliberately short: a missed foreign host is named in the README as a
// limit; a module path taken for a host would make reports unreadable.
bool hasHostSuffix(QStringView name)
{
    static const QSet<QString> tlds = { u"com"_s, u"net"_s, u"org"_s, u"io"_s, u"ai"_s, u"edu"_s, u"gov"_s,
        u"mil"_s, u"local"_s, u"internal"_s, u"lan"_s, u"corp"_s, u"intra"_s, u"intranet"_s, u"cloud"_s,
        u"svc"_s, u"cluster"_s, u"priv"_s, u"private"_s, u"site"_s, u"us"_s, u"uk"_s, u"de"_s, u"fr"_s,
        u"nl"_s, u"jp"_s, u"cn"_s, u"kr"_s, u"eu"_s, u"ch"_s, u"se"_s, u"fi"_s, u"au"_s, u"ca"_s };
    const qsizetype dot = name.lastIndexOf(u'.');
    return dot > 0 && tlds.contains(name.mid(dot + 1).toString().toLower());
}

// Public sites that logs and entries link to; hiding them helps nobody.
bool isPublicSite(QStringView name)
{
    static const QStringList sites = { u"github.com"_s, u"githubusercontent.com"_s, u"pytorch.org"_s,
        u"nvidia.com"_s, u"python.org"_s, u"pypi.org"_s, u"huggingface.co"_s, u"readthedocs.io"_s,
        u"microsoft.com"_s, u"google.com"_s, u"kubernetes.io"_s, u"schedmd.com"_s, u"open-mpi.org"_s };
    for (const QString &site : sites) {
        if (name.compare(site, Qt::CaseInsensitive) == 0
            || (name.size() > site.size() && name.endsWith(site, Qt::CaseInsensitive)
                && name.at(name.size() - site.size() - 1) == u'.'))
            return true;
    }
    return false;
}

// A dotted name of at least two labels, starting with a letter, whose suffix is a domain: a host
// the analysis never saw as a node (a storage server, a registry, a tracking server).
bool isForeignHost(QStringView name)
{
    const qsizetype dot = name.indexOf(u'.');
    return dot > 0 && name.front().isLetter() && hasHostSuffix(name)
        && isDomainSuffix(name.mid(dot + 1)) && !isPublicSite(name);
}

} // namespace

class Redactor::Learner
{
public:
    void host(const QString &name)
    {
        if (!name.isEmpty())
            m_hosts.insert(name.toLower());
    }
    void user(const QString &name)
    {
        if (isUserName(name))
            m_users.insert(name.toLower());
    }
    void text(const QString &t)
    {
        // Evidence repeats event lines (chain, diagnoses, matrix): each distinct text once.
        if (t.isEmpty() || m_seen.contains(t))
            return;
        m_seen.insert(t);
        const QStringView s(t);
        for (qsizetype i = 0; i < s.size(); ++i) {
            if (isDigit(s.data()[i]) && addressMayStart(s, i)) {
                qsizetype end = 0;
                quint32 a = 0;
                if (parseAddress(s, i, &end, &a) && addressMayEnd(s, end)) {
                    if (isIdentifying(a))
                        m_addresses.insert(a);
                    i = end - 1;
                    continue;
                }
            }
            if (!isTokenStart(s, i))
                continue;
            const qsizetype e = trimRun(s, i, runEnd(s, i));
            if (e <= i)
                continue;
            const QStringView token = s.mid(i, e - i);
            const QChar before = i > 0 ? s.data()[i - 1] : QChar();
            if ((before == u'/' && followsHomeDirectory(s, i)) || (before == u'=' && followsUserVariable(s, i)))
                user(token.toString());
            if (const qsizetype dot = token.indexOf(u'.'); dot > 0 && token.front().isLetter())
                m_dotted[token.left(dot).toString().toLower()].insert(token.toString().toLower());
        }
        // Secrets first, so that an e-mail address inside a URL's credentials is not learnt.
        const QString plain = withoutSecrets(t);
        for (auto it = identifierPattern().globalMatch(plain); it.hasNext();) {
            const QRegularExpressionMatch m = it.next();
            if (m.capturedLength(u"email") > 0)
                m_emails.insert(m.captured(u"email").toLower());
            else if (m.capturedLength(u"mac") > 0)
                m_macs.insert(m.captured(u"mac").toLower().replace(u'-', u':'));
            else if (isIpv6(m.capturedView(u"ip6")))
                m_ipv6.insert(m.captured(u"ip6").toLower());
        }
    }

    Redactor finish() const
    {
        Redactor r;
        r.m_enabled = true;

        // Host names: each canonical short name with its variants (FQDN as given or as seen).
        QHash<QString, QSet<QString>> variants;
        QSet<quint32> addresses = m_addresses;
        for (const QString &h : m_hosts) {
            quint32 a = 0;
            if (parseWholeAddress(h, &a)) {
                if (isIdentifying(a))
                    addresses.insert(a);
                continue;
            }
            const QString shortName = h.section(u'.', 0, 0);
            if (!isHostName(shortName))
                continue;
            variants[shortName].insert(shortName);
            if (h != shortName && isDomainSuffix(QStringView(h).mid(shortName.size() + 1)))
                variants[shortName].insert(h);
        }
        for (auto it = variants.begin(); it != variants.end(); ++it) {
            for (const QString &d : m_dotted.value(it.key())) {
                if (isDomainSuffix(QStringView(d).mid(it.key().size() + 1)))
                    it->insert(d);
            }
        }
        QStringList hosts = variants.keys();
        std::sort(hosts.begin(), hosts.end(), [](const QString &a, const QString &b) { return naturalLess(a, b); });
        QSet<QString> allHostNames;
        for (const QSet<QString> &v : std::as_const(variants))
            allHostNames.unite(v);
        // An alias must never be mistaken for another host's real name.
        QString prefix;
        for (const QString &candidate : { u"node-"_s, u"host-"_s, u"redacted-host-"_s }) {
            prefix = candidate;
            bool clash = false;
            for (qsizetype n = 1; n <= hosts.size() && !clash; ++n)
                clash = allHostNames.contains(numbered(prefix, n, hosts.size()));
            if (!clash)
                break;
        }
        for (qsizetype n = 0; n < hosts.size(); ++n) {
            const QString alias = numbered(prefix, n + 1, hosts.size());
            QStringList names = variants.value(hosts.at(n)).values();
            std::sort(names.begin(), names.end());
            for (const QString &v : std::as_const(names)) {
                r.m_names.insert(v, alias);
                r.m_aliases.append({ Kind::Host, v, alias });
            }
        }

        QList<quint32> sortedAddresses = addresses.values();
        std::sort(sortedAddresses.begin(), sortedAddresses.end());
        for (qsizetype n = 0; n < sortedAddresses.size(); ++n) {
            const QString alias = numbered(u"ip-"_s, n + 1, sortedAddresses.size());
            r.m_addresses.insert(sortedAddresses.at(n), alias);
            r.m_aliases.append({ Kind::Address, addressString(sortedAddresses.at(n)), alias });
        }

        // Foreign hosts: dotted names with a domain suffix whose first label is no node.
        QStringList foreign;
        for (auto it = m_dotted.cbegin(); it != m_dotted.cend(); ++it) {
            if (variants.contains(it.key()))
                continue;
            for (const QString &d : it.value()) {
                if (isForeignHost(d) && !r.m_names.contains(d))
                    foreign.append(d);
            }
        }
        const auto number = [&r](QStringList originals, const QString &stem, Kind kind, QHash<QString, QString> *table) {
            std::sort(originals.begin(), originals.end(), [](const QString &a, const QString &b) { return naturalLess(a, b); });
            for (qsizetype n = 0; n < originals.size(); ++n) {
                const QString alias = numbered(stem, n + 1, originals.size());
                table->insert(originals.at(n), alias);
                r.m_aliases.append({ kind, originals.at(n), alias });
            }
        };
        number(foreign, u"other-host-"_s, Kind::Host, &r.m_names);
        number(m_emails.values(), u"email-"_s, Kind::Email, &r.m_identifiers);
        number(m_macs.values(), u"mac-"_s, Kind::Mac, &r.m_identifiers);
        number(m_ipv6.values(), u"ip6-"_s, Kind::Address, &r.m_identifiers);

        QStringList users;
        for (const QString &u : m_users) {
            if (!r.m_names.contains(u))
                users.append(u);
        }
        std::sort(users.begin(), users.end());
        for (qsizetype n = 0; n < users.size(); ++n) {
            const QString alias = numbered(u"user-"_s, n + 1, users.size());
            r.m_names.insert(users.at(n), alias);
            r.m_aliases.append({ Kind::User, users.at(n), alias });
        }
        return r;
    }

private:
    QSet<QString> m_hosts;
    QSet<QString> m_users;
    QSet<quint32> m_addresses;
    QSet<QString> m_seen;
    QHash<QString, QSet<QString>> m_dotted; // first label -> dotted tokens starting with it
    QSet<QString> m_emails;
    QSet<QString> m_macs; // lower case, ':' separated
    QSet<QString> m_ipv6;
};

Redactor Redactor::fromNames(const QStringList &hosts, const QStringList &texts)
{
    Learner l;
    for (const QString &h : hosts)
        l.host(h);
    for (const QString &t : texts)
        l.text(t);
    return l.finish();
}

Redactor Redactor::fromResult(const analysis::AnalysisResult &result, const QStringList &extraTexts)
{
    return fromResults({&result}, extraTexts);
}

Redactor Redactor::fromResults(const QList<const analysis::AnalysisResult *> &results, const QStringList &extraTexts)
{
    Learner l;
    for (const analysis::AnalysisResult *result : results) {
        if (result)
            learn(l, *result);
    }
    for (const QString &t : extraTexts)
        l.text(t);
    return l.finish();
}

void Redactor::learn(Learner &l, const analysis::AnalysisResult &result)
{
    const auto evidence = [&l](const analysis::Evidence &e) {
        l.host(e.node);
        l.text(e.path);
        l.text(e.text);
    };
    if (const ingest::IngestResult *in = result.ingest.get()) {
        for (const QString &s : in->inputs)
            l.text(s);
        l.text(in->root);
        for (const ingest::InputFile &f : in->files) {
            l.host(f.node);
            l.text(f.path);
            l.text(f.diskPath);
            l.text(f.member);
        }
        for (const ingest::Event &e : in->events) {
            l.host(e.node);
            l.text(e.text);
            for (const ingest::Capture &c : e.captures)
                l.text(c.value);
        }
        for (auto it = in->processRanks.cbegin(); it != in->processRanks.cend(); ++it)
            l.host(it.key().section(u':', 0, 0));
        for (const QString &n : in->job.nodes)
            l.host(n);
        for (const ingest::ClockOffset &c : in->clockOffsets)
            l.host(c.node);
        for (const Warning &w : in->warnings) {
            l.text(w.path);
            l.text(w.message);
        }
    }
    for (const Warning &w : result.warnings) {
        l.text(w.path);
        l.text(w.message);
    }
    for (const analysis::Fact &f : result.facts) {
        l.host(f.node);
        l.text(f.value);
        if (f.component == u"USER"_s || f.component == u"LOGNAME"_s)
            l.user(f.value);
        evidence(f.evidence);
    }
    for (const QString &n : result.matrix.nodes)
        l.host(n);
    for (const auto &row : result.matrix.cells) {
        for (const analysis::MatrixCell &c : row) {
            l.text(c.value);
            for (const analysis::Evidence &e : c.evidence)
                evidence(e);
        }
    }
    for (const analysis::VersionMatrix::Outlier &o : result.matrix.outliers) {
        l.host(o.node);
        l.text(o.value);
        evidence(o.evidence);
    }
    const analysis::Verdict &v = result.verdict;
    l.host(v.node);
    l.text(v.summary);
    evidence(v.evidence);
    for (const analysis::ChainStep &s : v.chain) {
        l.text(s.why);
        evidence(s.evidence);
    }
    for (const analysis::Diagnosis &d : result.diagnoses) {
        for (const analysis::Evidence &e : d.evidence)
            evidence(e);
    }
}

QString Redactor::apply(const QString &input) const
{
    if (!m_enabled || input.isEmpty())
        return input;
    const QString text = replaceIdentifiers(withoutSecrets(input));
    QString out;
    qsizetype copied = 0;
    const auto replace = [&](qsizetype from, qsizetype to, const QString &alias) {
        out += QStringView(text).mid(copied, from - copied);
        out += alias;
        copied = to;
    };
    const qsizetype n = text.size();
    qsizetype i = 0;
    while (i < n) {
        if (isDigit(text.constData()[i]) && addressMayStart(text, i)) {
            qsizetype end = 0;
            quint32 a = 0;
            if (parseAddress(text, i, &end, &a) && addressMayEnd(text, end)) {
                if (isIdentifying(a))
                    replace(i, end, m_addresses.value(a, u"ip-x"_s));
                i = end;
                continue;
            }
        }
        if (!isTokenStart(text, i)) {
            ++i;
            continue;
        }
        // Longest candidate first: the whole run, then each prefix that ends before '.', '-' or '_'.
        const qsizetype e = runEnd(text, i);
        bool replaced = false;
        for (qsizetype k = e; k > i;) {
            const auto it = m_names.constFind(text.mid(i, k - i).toLower());
            if (it != m_names.cend()) {
                replace(i, k, *it);
                i = k;
                replaced = true;
                break;
            }
            do {
                --k;
            } while (k > i && !isSeparator(text.constData()[k]));
        }
        if (replaced)
            continue;
        if (const qsizetype t = trimRun(text, i, e); isForeignHost(QStringView(text).mid(i, t - i))) {
            replace(i, t, u"other-host-x"_s);
            i = t;
            continue;
        }
        if (i > 0 && text.constData()[i - 1] == u'/' && followsHomeDirectory(text, i)) {
            const qsizetype t = trimRun(text, i, e);
            const QString name = text.mid(i, t - i);
            if (isUserName(name) && !name.startsWith(u"user-"_s)) {
                replace(i, t, u"user-x"_s);
                i = t;
                continue;
            }
        }
        ++i;
    }
    if (copied == 0)
        return text;
    out += QStringView(text).mid(copied);
    return out;
}

QString Redactor::replaceIdentifiers(const QString &text) const
{
    QString out;
    qsizetype copied = 0;
    for (auto it = identifierPattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        QString alias;
        if (m.capturedLength(u"email") > 0)
            alias = m_identifiers.value(m.captured(u"email").toLower(), u"email-x"_s);
        else if (m.capturedLength(u"mac") > 0)
            alias = m_identifiers.value(m.captured(u"mac").toLower().replace(u'-', u':'), u"mac-x"_s);
        else if (isIpv6(m.capturedView(u"ip6")))
            alias = m_identifiers.value(m.captured(u"ip6").toLower(), u"ip6-x"_s);
        else
            continue;
        out += QStringView(text).mid(copied, m.capturedStart() - copied);
        out += alias;
        copied = m.capturedEnd();
    }
    if (copied == 0)
        return text;
    out += QStringView(text).mid(copied);
    return out;
}

QString Redactor::withoutSecrets(const QString &text)
{
    QString out;
    qsizetype copied = 0;
    for (auto it = secretPattern().globalMatch(text); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        // What names the secret stays: the URL scheme, "Bearer ", "HF_TOKEN=".
        QString kept;
        for (const QString &group : { u"url"_s, u"auth"_s, u"key"_s })
            kept += m.captured(group);
        out += QStringView(text).mid(copied, m.capturedStart() - copied);
        out += kept + u"[redacted]"_s + (m.capturedLength(u"url") > 0 ? u"@"_s : QString());
        copied = m.capturedEnd();
    }
    if (copied == 0)
        return text;
    out += QStringView(text).mid(copied);
    return out;
}

QStringList Redactor::apply(const QStringList &texts) const
{
    if (!m_enabled)
        return texts;
    QStringList out;
    out.reserve(texts.size());
    for (const QString &t : texts)
        out.append(apply(t));
    return out;
}

} // namespace rankscope::report
