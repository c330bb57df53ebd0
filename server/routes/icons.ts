import { Type } from "@sinclair/typebox";
import type { FastifyPluginAsync } from "fastify";
import { DomainType, Envelope } from "../../schemas/index.ts";
import { ApiError } from "../errors.ts";
import { findCategory, iconSvg, iconUrl, searchIcons, visibleCategories } from "../services/icon-bank.ts";

const tags = ["Icons"];
const DomainQuery = Type.Object({
  domainType: Type.Optional(DomainType),
});
const CategoryView = Type.Object({
  category: Type.String(),
  iconCount: Type.Integer(),
  preview: Type.String({ description: "URL of the category's first icon" }),
});
const IconList = Type.Object({ category: Type.String(), icons: Type.Array(Type.String()) });

/**
 * The icon bank (public: the widget draws the same icons). `domainType=Restaurant` hides automotive
 * categories (spec §6); spec §9's renamed and hidden categories apply to everyone.
 */
export const iconRoutes: FastifyPluginAsync = async (app) => {
  type Q = { Querystring: { domainType?: string } };

  app.get<Q>(
    "/icon-categories",
    { schema: { tags, querystring: DomainQuery, response: { 200: Envelope(Type.Array(CategoryView)) } } },
    async (req) => ({
      data: visibleCategories(req.query.domainType).map((c) => ({
        category: c.category,
        iconCount: c.icons.length,
        preview: iconUrl(c.icons[0]),
      })),
    }),
  );

  app.get<Q & { Params: { category: string } }>(
    "/icons/:category",
    {
      schema: {
        tags,
        params: Type.Object({ category: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: DomainQuery,
        response: { 200: Envelope(IconList) },
      },
    },
    async (req) => {
      const found = findCategory(req.params.category, req.query.domainType);
      if (!found) throw new ApiError("IconCategoryNotFound");
      return { data: { category: found.category, icons: found.icons.map(iconUrl) } };
    },
  );

  app.get<Q & { Params: { x: string } }>(
    "/gallery/:x",
    {
      schema: {
        tags,
        description:
          "Icons whose name contains every word of x, across the visible categories (at most 200).",
        params: Type.Object({ x: Type.String({ minLength: 1, maxLength: 100 }) }),
        querystring: DomainQuery,
        response: { 200: Envelope(Type.Array(Type.String())) },
      },
    },
    async (req) => ({ data: searchIcons(req.params.x, req.query.domainType).map(iconUrl) }),
  );

  app.get<{ Params: { file: string } }>(
    "/icon-files/:file",
    { schema: { tags, params: Type.Object({ file: Type.String({ maxLength: 120 }) }) } },
    async (req, reply) => {
      const svg = iconSvg(req.params.file);
      if (svg === null) throw new ApiError("NotFound", "Icon not found");
      return (
        reply
          .type("image/svg+xml")
          // Package icons change only with a package upgrade: a week of caching, revalidated after.
          .header("cache-control", "public, max-age=604800")
          // An SVG opened directly must not run anything.
          .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'")
          .send(svg)
      );
    },
  );
};
