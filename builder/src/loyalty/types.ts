/** Wire shapes of the loyalty console API (issue 12 contract). */

export interface StampLogEntry {
  id: string;
  method: "code" | "staff";
  staffEmail?: string;
  createdAt: string;
}

export interface LoyaltyCard {
  id: string;
  featureId: string;
  featureTitle: string;
  appUserId: string;
  stamps: number;
  stampNumber: number;
  completedAt?: string;
  createdAt: string;
  log: StampLogEntry[];
}

export interface StampResult {
  card: LoyaltyCard;
  completed: boolean;
  reward?: string;
}

export interface Milestone {
  id: string;
  points: number;
  title: string;
}

export interface Reward {
  id: string;
  title: string;
  points: number;
  description?: string;
}

export interface PointsProgram {
  enabled: boolean;
  conversionRate: number;
  expiryDays?: number;
  balanceLimit?: number;
  dailyCap?: number;
  monthlyCap?: number;
  annualCap?: number;
  maxPerVisit?: number;
  milestones: Milestone[];
  rewards: Reward[];
  terms?: string;
}

export interface PointsEntry {
  id: string;
  kind: "earn" | "spend" | "expire";
  amount: number;
  createdAt: string;
  expiresAt?: string;
  note?: string;
}

export interface PointsAccount {
  balance: number;
  value: number;
  conversionRate: number;
  expiryDays?: number;
  nextExpiry?: { points: number; on: string };
  caps: {
    daily?: number;
    monthly?: number;
    annual?: number;
    maxPerVisit?: number;
    balanceLimit?: number;
  };
  history: PointsEntry[];
  milestones: Milestone[];
  rewards: Reward[];
  terms?: string;
}
