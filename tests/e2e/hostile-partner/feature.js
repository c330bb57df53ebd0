/**
 * Test only: the feature module of a hostile partner package (tests/e2e/partner-package.test.ts).
 *
 * @param {import("../../../schemas/features/package-helpers.ts").FeatureHelpers} helpers
 */
export default function hostileProbe({ defineFeature, text }) {
  return defineFeature({
    type: "HostileProbe",
    label: "Hostile probe",
    pageName: "hostile-probe",
    analyticsPage: "Form",
    properties: { note: text(1, 40, { title: "Note" }) },
    defaults: () => ({ title: "Probe", note: "probe" }),
  });
}
