import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocaleLink } from "~/components/locale-link";
import { recordLinks } from "~/components/records/record-links";
import { RecordsPage } from "~/components/records/records-page";
import { SPOT_COPY_PUBLIC_PATHS, type CopyRoles } from "~/lib/copy/api";
import { browserHttp } from "~/lib/http/browser-client";
import { privateMeta } from "~/lib/i18n/meta";
import { visibleCopySources } from "~/lib/records/copy-sources";
import { recordLoader } from "~/utils/record-pairs.server";
import type { RecordChoices } from "~/utils/record-pairs.server";

export const links = recordLinks;
export const meta = privateMeta("title", "copyrec");
export const loader = recordLoader("futures");

/**
 * Copy-trading statements, futures and spot (docs/decisions/358, 362; on the simulation allow-list):
 * the follower's copies, and for a lead its profit share and trades. The lead lists show once the
 * account's roles say it leads (`GET /api/v2/copy/roles`, never an error), so a non-lead's page makes
 * no call that answers "not a lead trader"; it says so instead, with the way to apply.
 */
export default function CopyRecords() {
  const { symbols } = useLoaderData<RecordChoices>();
  const { t } = useTranslation("scopy");
  const [roles, setRoles] = useState<CopyRoles | undefined>();
  useEffect(() => {
    let live = true;
    browserHttp()
      .get<CopyRoles>(SPOT_COPY_PUBLIC_PATHS.roles)
      .then((r) => live && setRoles(r))
      // unknown roles: the follower's lists only, which every account may read
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return (
    <>
      <RecordsPage page="copy" sources={() => visibleCopySources(symbols, roles)} />
      {roles && !roles.futuresLead && !roles.spotLead && (
        <p className="card muted" role="note" data-testid="copy-not-lead">
          {t("records.notLead")} <LocaleLink to="/copy-trading">{t("records.apply")}</LocaleLink>
        </p>
      )}
    </>
  );
}
