// SPDX-FileCopyrightText: 2026 RankScope authors
// SPDX-License-Identifier: GPL-3.0-or-later
#include "aboutdialog.h"

#include "libraryversions.h"
#include "rankscopeconfig.h"
#include "sqlitesupport.h"

#include <QDialogButtonBox>
#include <QIcon>
#include <QLabel>
#include <QVBoxLayout>

using namespace Qt::StringLiterals;

namespace rankscope::ui {

AboutDialog::AboutDialog(QWidget *parent)
    : QDialog(parent)
{
    setWindowTitle(tr("About RankScope"));
    auto *layout = new QVBoxLayout(this);
    auto *icon = new QLabel(this);
    icon->setPixmap(QIcon(u":/icons/rankscope.svg"_s).pixmap(64, 64));
    layout->addWidget(icon, 0, Qt::AlignHCenter);

    QList<QPair<QString, QString>> versions = {
        {u"Qt"_s, QString::fromLatin1(qVersion())},
    };
    versions += guiLibraryVersions();
    const QString sqlite = SqliteSupport::sqliteVersion();
    versions.append({u"SQLite"_s, sqlite.isEmpty() ? tr("driver missing") : sqlite});
    QString rows;
    for (const auto &[name, version] : versions) {
        rows += u"<tr><td>"_s + name.toHtmlEscaped() + u"</td><td>"_s + version.toHtmlEscaped() + u"</td></tr>"_s;
        m_versions += name + u' ' + version + u'\n';
    }
    auto *text = new QLabel(this);
    text->setTextFormat(Qt::RichText);
    text->setTextInteractionFlags(Qt::TextBrowserInteraction);
    text->setText(tr("<h3>RankScope %1</h3>"
                     "<p>Offline workbench for triaging failed distributed-training jobs.<br>"
                     "Nothing you open leaves this machine.</p>"
                     "<p>Licensed under the GNU General Public License, version 3 or later.</p>"
                     "<table cellspacing=\"6\">%2</table>")
                      .arg(QString::fromLatin1(RANKSCOPE_VERSION_STRING), rows));
    text->setAccessibleName(tr("Version information"));
    layout->addWidget(text);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
}

} // namespace rankscope::ui
