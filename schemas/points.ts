import { type Static, type TInteger, Type } from "@sinclair/typebox";
import { uuid } from "./common.ts";
import { messages } from "./messages.ts";
import { sized } from "./text.ts";

/**
 * The points program of an app and its ledger (Loyalty2; spec §3 Loyalty display, §9 conversion rate).
 * Amounts are whole points; the value of a balance is in the smallest currency unit.
 */

/** The largest amount, cap or limit the program takes (the ledger's columns are 32-bit integers). */
export const POINTS_MAX = 1_000_000_000;

const points = (title: string): TInteger =>
  Type.Integer({
    title,
    minimum: 1,
    maximum: POINTS_MAX,
    errorMessage: {
      type: messages.invalidNumber,
      minimum: messages.between(1, POINTS_MAX),
      maximum: messages.between(1, POINTS_MAX),
    },
  });

export const PointsMilestone = Type.Object(
  {
    id: uuid({ title: "Id" }),
    points: points("Points"),
    title: sized("longName", { required: true, title: "Title" }),
  },
  { additionalProperties: false, title: "Milestone" },
);
export type PointsMilestone = Static<typeof PointsMilestone>;

export const PointsReward = Type.Object(
  {
    id: uuid({ title: "Id" }),
    title: sized("longName", { required: true, title: "Title" }),
    points: points("Points"),
    description: Type.Optional(sized("extraMessage", { title: "Description" })),
  },
  { additionalProperties: false, title: "Reward" },
);
export type PointsReward = Static<typeof PointsReward>;

/**
 * GET|PUT /apps/{appId}/points-program. `conversionRate` is the value of one point in the smallest
 * currency unit; 1 means loyalty dollars (spec §9). Caps are optional positive integers: the daily,
 * monthly and annual caps count earnings in the current UTC day, month and year; `maxPerVisit` counts the
 * earnings of one visit reference; `balanceLimit` bounds the balance; `expiryDays` makes each earning
 * expire that many days after it was earned.
 */
export const PointsProgram = Type.Object(
  {
    enabled: Type.Boolean({ title: "Enabled" }),
    conversionRate: Type.Number({
      title: "Conversion rate",
      exclusiveMinimum: 0,
      maximum: 1_000_000,
      errorMessage: {
        type: messages.invalidNumber,
        exclusiveMinimum: messages.greaterThan(0),
        maximum: messages.lessOrEqual(1_000_000),
      },
    }),
    expiryDays: Type.Optional(points("Expiry (days)")),
    balanceLimit: Type.Optional(points("Balance limit")),
    dailyCap: Type.Optional(points("Daily earning cap")),
    monthlyCap: Type.Optional(points("Monthly earning cap")),
    annualCap: Type.Optional(points("Annual earning cap")),
    maxPerVisit: Type.Optional(points("Maximum per visit")),
    milestones: Type.Array(PointsMilestone, { title: "Milestones", maxItems: 50 }),
    rewards: Type.Array(PointsReward, { title: "Rewards", maxItems: 50 }),
    terms: Type.Optional(sized("message5000", { title: "Terms & Conditions" })),
  },
  {
    additionalProperties: false,
    title: "Points program",
    errorMessage: {
      required: {
        enabled: messages.required,
        conversionRate: messages.required,
        milestones: messages.required,
        rewards: messages.required,
      },
    },
    examples: [
      {
        enabled: true,
        conversionRate: 1,
        expiryDays: 365,
        balanceLimit: 100000,
        dailyCap: 2000,
        monthlyCap: 10000,
        annualCap: 50000,
        maxPerVisit: 1500,
        milestones: [{ id: "3d1f0a4e-6b2c-4e8f-9a1d-2c3b4a5f6e01", points: 1000, title: "Silver member" }],
        rewards: [
          {
            id: "3d1f0a4e-6b2c-4e8f-9a1d-2c3b4a5f6e11",
            title: "Free oil change",
            points: 500,
            description: "Any standard oil change at our service center.",
          },
        ],
        terms: "Points expire one year after they are earned.",
      },
    ],
  },
);
export type PointsProgram = Static<typeof PointsProgram>;

/** The program of an app that has not set one up: off, loyalty dollars, nothing defined. */
export const DEFAULT_POINTS_PROGRAM: PointsProgram = {
  enabled: false,
  conversionRate: 1,
  milestones: [],
  rewards: [],
};

export const PointsEntryKind = Type.Union([
  Type.Literal("earn"),
  Type.Literal("spend"),
  Type.Literal("expire"),
]);
export type PointsEntryKind = Static<typeof PointsEntryKind>;

/**
 * One line of the history. `amount` is the number of points, always positive; `kind` says which way they
 * went. Earnings carry `expiresAt` (expires on/in); an expiry carries the `expiresAt` of the points it
 * wrote off.
 */
export const PointsHistoryItem = Type.Object({
  id: Type.String({ format: "uuid" }),
  kind: PointsEntryKind,
  amount: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ format: "date-time" }),
  expiresAt: Type.Optional(Type.String({ format: "date-time" })),
  note: Type.Optional(Type.String()),
});
export type PointsHistoryItem = Static<typeof PointsHistoryItem>;

/** An app user's points: GET /apps/{appId}/points?appUserId=, earn, spend, and the widget's own view. */
export const PointsAccount = Type.Object(
  {
    balance: Type.Integer({ minimum: 0 }),
    /** balance × conversionRate, in the smallest currency unit. */
    value: Type.Integer({ minimum: 0 }),
    conversionRate: Type.Number(),
    expiryDays: Type.Optional(Type.Integer()),
    /** The soonest points to expire: how many, and when. */
    nextExpiry: Type.Optional(
      Type.Object({ points: Type.Integer(), on: Type.String({ format: "date-time" }) }),
    ),
    caps: Type.Object({
      daily: Type.Optional(Type.Integer()),
      monthly: Type.Optional(Type.Integer()),
      annual: Type.Optional(Type.Integer()),
      maxPerVisit: Type.Optional(Type.Integer()),
      balanceLimit: Type.Optional(Type.Integer()),
    }),
    /** Newest first, at most 100. */
    history: Type.Array(PointsHistoryItem),
    milestones: Type.Array(PointsMilestone),
    rewards: Type.Array(PointsReward),
    terms: Type.Optional(Type.String()),
  },
  {
    examples: [
      {
        balance: 1250,
        value: 1250,
        conversionRate: 1,
        expiryDays: 365,
        nextExpiry: { points: 250, on: "2027-01-15T10:00:00.000Z" },
        caps: { daily: 2000, maxPerVisit: 1500 },
        history: [
          {
            id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c61",
            kind: "spend",
            amount: 500,
            createdAt: "2026-11-20T10:00:00.000Z",
            note: "Free oil change",
          },
          {
            id: "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c62",
            kind: "earn",
            amount: 1750,
            createdAt: "2026-10-01T10:00:00.000Z",
            expiresAt: "2027-10-01T10:00:00.000Z",
          },
        ],
        milestones: [],
        rewards: [],
      },
    ],
  },
);
export type PointsAccount = Static<typeof PointsAccount>;

const note = Type.Optional(Type.String({ maxLength: 200, title: "Note" }));

/** POST /apps/{appId}/points/earn. `visitRef` (a visit or receipt reference) counts against maxPerVisit. */
export const PointsEarnInput = Type.Object(
  {
    appUserId: uuid({ title: "App user" }),
    amount: points("Points"),
    note,
    visitRef: Type.Optional(Type.String({ minLength: 1, maxLength: 100, title: "Visit reference" })),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { appUserId: messages.required, amount: messages.required } },
    examples: [{ appUserId: "5a4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c", amount: 250, visitRef: "RO-10442" }],
  },
);
export type PointsEarnInput = Static<typeof PointsEarnInput>;

/** POST /apps/{appId}/points/spend; `rewardId` names one of the program's rewards. */
export const PointsSpendInput = Type.Object(
  {
    appUserId: uuid({ title: "App user" }),
    amount: points("Points"),
    note,
    rewardId: Type.Optional(uuid({ title: "Reward" })),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { appUserId: messages.required, amount: messages.required } },
    examples: [
      {
        appUserId: "5a4e3d2c-1b0a-4f9e-8d7c-6b5a4f3e2d1c",
        amount: 500,
        rewardId: "3d1f0a4e-6b2c-4e8f-9a1d-2c3b4a5f6e11",
      },
    ],
  },
);
export type PointsSpendInput = Static<typeof PointsSpendInput>;
