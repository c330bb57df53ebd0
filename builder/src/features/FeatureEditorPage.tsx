import { Button, Result, Space, Typography } from "antd";
import { memo, useCallback, useEffect } from "react";
import { Link, useLocation, useNavigate, useParams, useSearchParams } from "react-router";
import {
  featurePageName,
  featureTypeOfPage,
  getFeatureType,
  validateFeature,
} from "../../../schemas/index.ts";
import { useDraftSelector, useSubmitCount, useWorkspace } from "../draft/context.tsx";
import { pointerToId } from "../forms/errors.ts";
import { RevealFieldContext } from "../forms/reveal.ts";
import { SchemaForm } from "../forms/SchemaForm.tsx";
import { useFormContext } from "../forms/useFormContext.ts";
import { type DraftFeature, featureEditorPath, newFeatureForPage } from "./featureRoutes.ts";
import { useAddFeature } from "./useAddFeature.ts";

/** The console pages that hold what these features show (their records live outside the definition). */
const OFFER_PAGES: Record<string, { path: string; label: string }> = {
  Coupons: { path: "specials", label: "specials" },
  Events: { path: "promotions", label: "promotions" },
};

/** /apps/{appId}/features/{pageName}?id={featureId}: the registry's form of the feature's type. */
export function FeatureEditorPage() {
  const pageName = useParams()["*"] ?? "";
  const [params] = useSearchParams();
  const id = params.get("id");
  const { appId } = useWorkspace();
  const { search } = useLocation();
  // Only whether the feature is there: its content changes with every keystroke, and FeatureForm reads it.
  const featureId = useDraftSelector(
    (d) => ((d.features ?? []) as DraftFeature[]).find((f) => f.id === id)?.id,
  );
  const add = useAddFeature();
  const module = featureTypeOfPage(pageName);

  if (!module)
    return (
      <Result
        status="warning"
        title="Unknown feature page"
        subTitle={pageName}
        extra={<Link to={`/apps/${appId}/features${search}`}>Back to features</Link>}
      />
    );
  if (!featureId)
    return (
      <Result
        title={module.label}
        subTitle={id ? "This feature is not in the app." : undefined}
        extra={
          <Button type="primary" onClick={() => add(newFeatureForPage(pageName)!)}>
            Add {module.label}
          </Button>
        }
      />
    );
  return <FeatureForm key={featureId} featureId={featureId} pageName={pageName} />;
}

function FeatureForm({ featureId, pageName }: { featureId: string; pageName: string }) {
  const { store, appId } = useWorkspace();
  const navigate = useNavigate();
  const { search } = useLocation();
  const feature = useDraftSelector((d) =>
    ((d.features ?? []) as DraftFeature[]).find((f) => f.id === featureId),
  )!;
  const module = getFeatureType(feature.type)!;
  const submitCount = useSubmitCount();
  // A failed save opens the editor at the field in error (?field=/code): focus it and bring it into view.
  const [params] = useSearchParams();
  const field = params.get("field");
  useEffect(() => {
    if (!field) return;
    let frame = 0;
    let tries = 0;
    const focus = () => {
      const el = document.getElementById(pointerToId(field));
      if (el) {
        el.scrollIntoView({ block: "center" });
        el.focus();
      } else if (++tries < 30) frame = requestAnimationFrame(focus);
    };
    frame = requestAnimationFrame(focus);
    return () => cancelAnimationFrame(frame);
  }, [field]);
  const context = useFormContext(featureId);
  const onChange = useCallback(
    (next: DraftFeature, field: string) =>
      store.edit(
        (d) => ({
          ...d,
          features: ((d.features ?? []) as DraftFeature[]).map((f) =>
            f.id === featureId ? { ...next, id: f.id, type: f.type } : f,
          ) as typeof d.features,
        }),
        `feature:${featureId}:${field}`,
      ),
    [store, featureId],
  );
  // A field in the route (click-to-link/{meta}) may change with the form: the address follows.
  const currentPage = featurePageName(feature);
  useEffect(() => {
    if (currentPage && currentPage !== pageName)
      navigate(featureEditorPath(appId, feature, search), { replace: true });
  }, [currentPage, pageName, appId, feature, search, navigate]);

  return (
    <div>
      <FeatureHeading label={module.label} type={feature.type} appId={appId} search={search} />
      <RevealFieldContext.Provider value={field ? pointerToId(field) : undefined}>
        <SchemaForm
          schema={module.schema}
          uiSchema={module.uiSchema}
          value={feature}
          onChange={onChange}
          validate={validateFeature as (f: DraftFeature) => ReturnType<typeof validateFeature>}
          submitCount={submitCount}
          context={context}
        />
      </RevealFieldContext.Provider>
    </div>
  );
}

/** The editor's title and links; memoized, as they do not change while the feature is typed into. */
const FeatureHeading = memo(function FeatureHeading(props: {
  label: string;
  type: string;
  appId: string;
  search: string;
}) {
  const { label, type, appId, search } = props;
  return (
    <Space className="page-heading" align="center" wrap>
      <Typography.Title level={1} className="page-title">
        {label}
      </Typography.Title>
      <Link to={`/apps/${appId}/features${search}`}>All features</Link>
      {OFFER_PAGES[type] ? (
        <Link to={`/apps/${appId}/${OFFER_PAGES[type].path}${search}`}>Manage {OFFER_PAGES[type].label}</Link>
      ) : null}
    </Space>
  );
});
