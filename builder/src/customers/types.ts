/** The customers calls' shapes (contract: POST users/search, GET/PUT users/{id}, PUT users/{id}/vehicles). */

export interface CustomerVehicle {
  make?: string;
  model?: string;
  year?: number;
  vin?: string;
  unit?: string;
  mileage?: number;
}

export interface CustomerRow {
  id: string;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
  vehicle?: { make?: string; model?: string; year?: number; vin?: string } | null;
  vehicleCount?: number;
  signedInAt?: string | null;
  createdAt?: string;
  hasPush?: boolean;
}

export interface CustomerPage {
  items: CustomerRow[];
  total: number;
}

export interface CustomerDetail {
  id: string;
  name?: string | null;
  company?: string | null;
  phone?: string | null;
  email?: string | null;
  dateOfBirth?: string | null;
  address?: string | null;
  vehicles: CustomerVehicle[];
  staffMemberId?: string | null;
  hasPush?: boolean;
  createdAt?: string;
  signedInAt?: string | null;
  redemptions?: {
    id: string;
    offerId?: string;
    title?: string;
    offer?: { title?: string };
    createdAt: string;
    channel?: string;
  }[];
  loyalty?: {
    cards?: { id: string; programTitle?: string; stamps: number; required?: number }[];
    points?: { balance: number } | null;
  };
  leads?: {
    id: string;
    source?: string;
    createdAt: string;
    offer?: { title: string };
    form?: { title: string };
    comments?: string;
  }[];
  notifications?: { id: string; message: string; createdAt: string; read?: boolean; opened?: boolean }[];
}

export interface StaffMember {
  id: string;
  name: string;
  title?: string;
  email?: string;
  phone?: string;
}
